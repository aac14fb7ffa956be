import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { takeSubscriptionCheckout } from './pendingCheckout';
import { RequireMember } from './RequireMember';
import { PAYMENT_TEXTS } from './texts';
import { usePayFlow, type PayOutcome } from './usePayFlow';

/** What the provider appends to m_redirect_url after a mobile checkout. */
function outcomeOf(params: URLSearchParams): PayOutcome | null {
  const merchantUid = params.get('merchant_uid');
  if (!merchantUid) return null;
  return {
    merchant_uid: merchantUid,
    imp_uid: params.get('imp_uid') || null,
    success: params.get('imp_success') === 'true' || params.get('success') === 'true',
    error_msg: params.get('error_msg'),
  };
}

function MobileResult({ userId, kind }: { userId: number; kind: 'oneoff' | 'subscription' }) {
  const [params] = useSearchParams();
  const { finishOneOff, finishSubscription } = usePayFlow(userId);
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const [unknown, setUnknown] = useState(false);
  const outcome = outcomeOf(params);

  useEffect(() => {
    // Once per visit: the flow navigates away on its own when it is done.
    if (started.current || !outcome) return;
    started.current = true;
    // A subscription redirect charges the stored card (POST billings): only for the checkout this
    // browser started, never for a link another site made up.
    if (kind === 'subscription' && outcome.success && !takeSubscriptionCheckout(outcome.merchant_uid)) {
      setUnknown(true);
      return;
    }
    const run = kind === 'oneoff' ? finishOneOff(outcome) : finishSubscription(outcome);
    void run.then((ok) => setFailed(!ok));
  }, [finishOneOff, finishSubscription, kind, outcome]);

  if (!outcome || unknown) {
    return (
      <p className="callout callout-warning" role="alert">
        {PAYMENT_TEXTS.badRedirect} <Link to={PATHS.order}>결제 내역</Link>
      </p>
    );
  }
  if (failed) {
    return (
      <p className="callout callout-warning" role="alert">
        {kind === 'oneoff' ? M.paymentFailed : M.recurringUnavailable} <Link to={PATHS.payment}>이용권 구매</Link>
      </p>
    );
  }
  return <Loader label={PAYMENT_TEXTS.checking} />;
}

function page(id: 'payMobile' | 'subscribeMobileBillings', kind: 'oneoff' | 'subscription') {
  const title = routeInfo(id).title;
  function Page() {
    return (
      <RequireMember title={title}>
        {(userId) => (
          <section>
            <PageHeading title={title}>{title}</PageHeading>
            <MobileResult userId={userId} kind={kind} />
          </section>
        )}
      </RequireMember>
    );
  }
  Page.displayName = `MobileResult(${id})`;
  return Page;
}

/** `/pay/mobile?imp_uid&merchant_uid&imp_success`: completes a one-off payment made on a phone. */
export const PayMobilePage = page('payMobile', 'oneoff');
/** `/subscribe/mobile-billings?…`: registers the subscription after a phone checkout. */
export const SubscribeMobileBillingsPage = page('subscribeMobileBillings', 'subscription');
