import { resolveTargetOrigin } from '../src/app/embedOrigin';

describe('the target origin of the login-status message', () => {
  test('production without a configured origin posts nothing (never "*")', () => {
    expect(resolveTargetOrigin({ configured: undefined, parentOrigin: 'https://host.example', dev: false })).toBeNull();
    expect(resolveTargetOrigin({ configured: [], parentOrigin: 'https://host.example', dev: false })).toBeNull();
    expect(resolveTargetOrigin({ configured: ['*'], parentOrigin: 'https://host.example', dev: false })).toBeNull();
  });

  test('development without configuration may post to any parent', () => {
    expect(resolveTargetOrigin({ configured: [], parentOrigin: null, dev: true })).toBe('*');
  });

  test('a parent whose origin is allowed gets exactly its origin', () => {
    const configured = ['https://a.example', ' https://b.example/'];
    expect(resolveTargetOrigin({ configured, parentOrigin: 'https://b.example', dev: false })).toBe(
      'https://b.example',
    );
  });

  test('a parent whose origin is not allowed gets nothing', () => {
    expect(
      resolveTargetOrigin({ configured: ['https://a.example'], parentOrigin: 'https://evil.example', dev: false }),
    ).toBeNull();
  });

  test('an unknown parent origin is posted to only when a single origin is allowed', () => {
    expect(resolveTargetOrigin({ configured: ['https://a.example'], parentOrigin: null, dev: false })).toBe(
      'https://a.example',
    );
    expect(
      resolveTargetOrigin({ configured: ['https://a.example', 'https://b.example'], parentOrigin: null, dev: false }),
    ).toBeNull();
  });
});
