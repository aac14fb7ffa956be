import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { notify } from '../../ui/toast';
import {
  useCompleteOrderMutation,
  useFailOrderMutation,
  useSubscribeBillingsMutation,
  useUsedSuccessMutation,
} from './paymentApi';
import { PAYMENT_TEXTS } from './texts';

export interface PayOutcome {
  imp_uid?: string | null;
  merchant_uid: string;
  success: boolean;
  error_msg?: string | null;
}

/**
 * What happens after the provider answers, shared by the desktop callback and the mobile
 * redirect pages (spec §4): one-off = complete → usedSuccess → /order, or fail + toast;
 * subscription = billing registration → /order, or the recurring-payment message.
 */
export function usePayFlow(userId: number) {
  const navigate = useNavigate();
  const [complete] = useCompleteOrderMutation();
  const [usedSuccess] = useUsedSuccessMutation();
  const [fail] = useFailOrderMutation();
  const [billings] = useSubscribeBillingsMutation();

  const finishOneOff = useCallback(
    async (rsp: PayOutcome): Promise<boolean> => {
      if (!rsp.success) {
        await fail({
          imp_uid: rsp.imp_uid ?? null,
          merchant_uid: rsp.merchant_uid,
          error_msg: rsp.error_msg ?? M.paymentFailed,
        })
          .unwrap()
          .catch(() => undefined);
        notify.error(M.paymentFailed);
        return false;
      }
      try {
        await complete({ imp_uid: rsp.imp_uid ?? undefined, merchant_uid: rsp.merchant_uid }).unwrap();
        const done = await usedSuccess({ merchant_uid: rsp.merchant_uid, user: userId }).unwrap();
        notify.success(PAYMENT_TEXTS.paid);
        navigate(done.redirect || PATHS.order);
        return true;
      } catch (err) {
        notify.error(errorMessage(err, M.paymentFailed));
        return false;
      }
    },
    [complete, fail, navigate, usedSuccess, userId],
  );

  const finishSubscription = useCallback(
    async (rsp: PayOutcome & { customer_uid?: string }): Promise<boolean> => {
      if (!rsp.success) {
        navigate(`${PATHS.payment}?status=fail`);
        return false;
      }
      try {
        const r = await billings({
          merchant_uid: rsp.merchant_uid,
          customer_uid: rsp.customer_uid,
          imp_uid: rsp.imp_uid ?? undefined,
        }).unwrap();
        notify.success(r.message || M.subscriptionStarted);
        navigate(PATHS.order);
        return true;
      } catch (err) {
        const message = errorMessage(err, M.recurringUnavailable);
        if (message === M.recurringUnavailable) navigate(`${PATHS.payment}?status=fail`);
        else notify.error(message);
        return false;
      }
    },
    [billings, navigate],
  );

  return { finishOneOff, finishSubscription };
}
