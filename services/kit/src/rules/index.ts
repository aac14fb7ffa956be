// Validation rules and their Korean messages (spec §5), written once and used by
// both the web forms and the services. Browser-safe: imports nothing but zod.
export * from './plain';
export * from './dictionary';
export * from './account';
export * from './billing';
export * from './coupon';
export * from './text';
