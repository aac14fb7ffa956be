// The billing service's HTTP edge for domain errors: the flows (billing and coupons) throw
// DomainError with a common refusal code, and here each becomes its status before the kit's error
// handler writes the one error shape.
import { COMMON_REFUSAL_STATUS, domainErrorHandler } from '@syn/kit';

export const domainErrorsAsHttp = domainErrorHandler(COMMON_REFUSAL_STATUS);
