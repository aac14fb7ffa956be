// The HTTP contract a service publishes for its gateway-routed paths: the same zod schemas
// its handlers validate with, a schema of each success body, its error statuses and who may
// call it. scripts/openapi.ts turns every service's contract into the OpenAPI document.
import { z } from 'zod';

/** Who may call a route: anyone, a signed-in member, or an administrator (grade 0). */
export type CallerAccess = 'public' | 'member' | 'admin';

export interface RouteContract {
  method: 'get' | 'post';
  /** OpenAPI path template: `{name}` for a path parameter (express `:name`). */
  path: string;
  summary: string;
  access: CallerAccess;
  /** The schema the handler parses its input with: the body of a POST, the query of a GET. */
  request?: z.ZodType;
  /** Path parameters, when the path has any. */
  params?: z.ZodObject;
  /** The success body (HTTP 200). */
  response: z.ZodType;
  /** Media types of the success body when it is not JSON (a file download). */
  responseMediaTypes?: string[];
  /** Statuses this route answers with the error shape, beyond the ones every route may answer. */
  errors: number[];
}

export interface ServiceContract {
  service: 'account' | 'dictionary' | 'wordbook' | 'billing' | 'statistics';
  description: string;
  routes: RouteContract[];
}

/** The one error shape (errors.ts `ErrorBody`): some errors add keys, e.g. `authKeyError` or `code`. */
export const errorBodySchema = z.looseObject({ error: z.literal(true), message: z.string() });
