// A rule of the domain refused what was asked. Use cases throw it with a `code` naming the refusal
// and the Korean `message` the user reads; the service's HTTP edge maps the code to a status and
// the one error shape of errors.ts. Statuses never live in use cases.
export class DomainError<Code extends string = string> extends Error {
  constructor(
    public readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
