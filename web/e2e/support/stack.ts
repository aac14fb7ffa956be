/**
 * Where the app under test runs. E2E_BASE_URL wins (a running gateway, or
 * `vite preview` for UI-only work); otherwise the whole stack is started with
 * the repo's scripts/stack.ts and stopped afterwards.
 */
import { startStack } from '../../../scripts/stack';

export interface RunningApp {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startApp(log: (line: string) => void): Promise<RunningApp> {
  const fromEnv = process.env.E2E_BASE_URL;
  if (fromEnv) return { baseUrl: fromEnv.replace(/\/+$/, ''), stop: async () => undefined };
  log('[e2e] E2E_BASE_URL is not set: starting the stack (scripts/stack.ts) …');
  const stack = await startStack({ log });
  return { baseUrl: stack.baseUrl.replace(/\/+$/, ''), stop: () => stack.stop() };
}
