import { BILLING_MESSAGES as M, purchaseForm } from '@syn/kit/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { useAppSelector } from '../../app/store';
import { Loader } from '../../ui/Loader';
import { PageHeading } from '../../ui/PageHeading';
import { notify } from '../../ui/toast';
import { selectUser } from '../account/authSlice';
import {
  PAY_METHODS,
  SUBSCRIPTION_ITEM_ID,
  SUBSCRIPTION_METHOD_IDS,
  checkoutAmount,
  payMethodById,
  won,
} from './payMethods';
import {
  useCreateOrderMutation,
  useGenerateMerchantUidMutation,
  useInitializeSubscriptionMutation,
  useIsUsedQuery,
  useListedProductsQuery,
  usePayConfigQuery,
  type Product,
} from './paymentApi';
import { loadImp, requestPay } from './portone';
import { rememberSubscriptionCheckout, takeSubscriptionCheckout } from './pendingCheckout';
import { RequireMember } from './RequireMember';
import { SellerInfo } from './SellerInfo';
import { PAYMENT_TEXTS } from './texts';
import { usePayFlow } from './usePayFlow';
import './payment.css';

const TITLE = routeInfo('payment').title;

export function PaymentPage() {
  return <RequireMember title={TITLE}>{(userId) => <Purchase userId={userId} />}</RequireMember>;
}

function productLabel(p: Product): string {
  if (p.ITEM_ID === SUBSCRIPTION_ITEM_ID) return `${p.NAME} — 매월 ${won(p.AMOUNT)}`;
  return `${p.NAME} — ${won(p.AMOUNT)} (월 ${won(p.PRICE)})`;
}

function Purchase({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const recurringFailed = params.get('status') === 'fail';
  const email = useAppSelector(selectUser)?.userEmail;
  // Spec §9: the page lists what selectOrderItems lists (item 6 only); the catalogue keeps the rest.
  const products = useListedProductsQuery();
  const config = usePayConfigQuery();
  const used = useIsUsedQuery(userId);
  const [step, setStep] = useState<1 | 2>(1);
  const [itemId, setItemId] = useState<number | null>(null);
  const [methodId, setMethodId] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const announced = useRef(false);
  const ids = { products: useId(), methods: useId(), agree: useId() };
  const [createOrder] = useCreateOrderMutation();
  const [generate] = useGenerateMerchantUidMutation();
  const [initialize] = useInitializeSubscriptionMutation();
  const { finishOneOff, finishSubscription } = usePayFlow(userId);

  const loading = products.isLoading || config.isLoading;
  useEffect(() => {
    // Spec §2.1: a failed recurring-payment registration comes back as ?status=fail (told once the page shows).
    if (recurringFailed && !loading && !announced.current) {
      announced.current = true;
      notify.error(M.recurringUnavailable);
    }
  }, [recurringFailed, loading]);

  useEffect(() => {
    if (products.isError || config.isError) notify.error(PAYMENT_TEXTS.loadError);
  }, [products.isError, config.isError]);

  const offered = [...(products.data ?? [])];
  // The subscription first: it is the product the service is sold as (spec §9).
  offered.sort((a, b) => Number(b.ITEM_ID === SUBSCRIPTION_ITEM_ID) - Number(a.ITEM_ID === SUBSCRIPTION_ITEM_ID));
  // A single product needs no choosing: it is selected from the start.
  const chosenId = itemId ?? (offered.length === 1 ? offered[0]!.ITEM_ID : null);
  const product = offered.find((p) => p.ITEM_ID === chosenId) ?? null;
  const subscription = product?.ITEM_ID === SUBSCRIPTION_ITEM_ID;
  const method = payMethodById(methodId);
  const passInUse = used.data?.status === 'valid';

  useEffect(() => {
    if (subscription && methodId !== '' && !SUBSCRIPTION_METHOD_IDS.includes(methodId)) setMethodId('');
  }, [subscription, methodId]);

  const goTo = (next: 1 | 2) => {
    notify.stepDone();
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const next = () => {
    if (!product) return notify.warn(PAYMENT_TEXTS.productRequired);
    if (!method) return notify.warn(M.payMethodRequired);
    goTo(2);
  };

  const pay = async () => {
    const form = purchaseForm.safeParse({ payMethod: methodId, agreed });
    if (!form.success) return notify.warn(form.error.issues[0]?.message ?? M.agreementRequired);
    if (!product || !method || !config.data) return notify.error(PAYMENT_TEXTS.loadError);
    setBusy(true);
    try {
      // Spec §4: buying is blocked while a pass is in use (the server refuses it too).
      const current = await used.refetch();
      if (current.data?.status === 'valid') return notify.warn(M.passInUse);
      let imp;
      try {
        imp = await loadImp(config.data.scriptUrl, config.data.impCode);
      } catch {
        return notify.error(PAYMENT_TEXTS.scriptError);
      }
      const origin = window.location.origin;
      if (subscription) {
        const { merchant_uid, customer_uid } = await generate().unwrap();
        await initialize({ merchant_uid, item: product.ITEM_ID, user: userId }).unwrap();
        // A phone leaves for the checkout and comes back to /subscribe/mobile-billings, which checks this.
        rememberSubscriptionCheckout(merchant_uid);
        const rsp = await requestPay(imp, {
          pg: method.pg,
          pay_method: method.payMethod,
          merchant_uid,
          customer_uid,
          name: product.NAME,
          // A billing key only: the service charges the first month with it (subscribe/payments/again).
          amount: 0,
          buyer_email: email,
          m_redirect_url: `${origin}${PATHS.subscribeMobileBillings}`,
        });
        takeSubscriptionCheckout(merchant_uid);
        await finishSubscription({ ...rsp, merchant_uid: rsp.merchant_uid || merchant_uid, customer_uid });
        return;
      }
      const created = await createOrder({
        id: product.ITEM_ID,
        title: product.NAME,
        amount: product.AMOUNT,
        type: product.TYPE,
        pg: method.pg,
        pay_method: method.payMethod,
        user: userId,
      }).unwrap();
      const rsp = await requestPay(imp, {
        pg: method.pg,
        pay_method: method.payMethod,
        merchant_uid: created.merchant_uid,
        name: created.name,
        amount: checkoutAmount(created.amount, method),
        ...(method.currency ? { currency: method.currency } : {}),
        buyer_email: email,
        m_redirect_url: `${origin}${PATHS.payMobile}`,
      });
      await finishOneOff({ ...rsp, merchant_uid: rsp.merchant_uid || created.merchant_uid });
    } catch (err) {
      notify.error(errorMessage(err, PAYMENT_TEXTS.loadError));
    } finally {
      setBusy(false);
    }
  };

  if (loading) return <Loader />;

  return (
    <section className="payment">
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {recurringFailed && (
        <p className="callout callout-warning" role="alert">
          {M.recurringUnavailable}
        </p>
      )}
      {passInUse && (
        <p className="callout" role="status">
          {M.passInUse}
        </p>
      )}
      <ol className="pay-steps" aria-label="결제 단계">
        <li aria-current={step === 1 ? 'step' : undefined}>1. 상품과 결제 수단 선택</li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. 주문 확인 및 결제</li>
      </ol>

      {step === 1 ? (
        <div className="pay-step">
          <h2 ref={stepHeading} tabIndex={-1}>
            상품과 결제 수단 선택
          </h2>
          <fieldset className="choice-group">
            <legend id={ids.products}>상품</legend>
            {offered.map((p) => (
              <label key={p.ITEM_ID} className="choice">
                <input
                  type="radio"
                  name="product"
                  value={p.ITEM_ID}
                  checked={chosenId === p.ITEM_ID}
                  onChange={() => setItemId(p.ITEM_ID)}
                />
                <span>{productLabel(p)}</span>
              </label>
            ))}
            <p className="hint">금액은 부가가치세(10%)가 포함된 금액입니다.</p>
          </fieldset>
          <fieldset className="choice-group">
            <legend id={ids.methods}>결제 수단</legend>
            {PAY_METHODS.map((m) => {
              const disabled = subscription && !SUBSCRIPTION_METHOD_IDS.includes(m.id);
              return (
                <label key={m.id} className={disabled ? 'choice choice-disabled' : 'choice'}>
                  <input
                    type="radio"
                    name="payMethod"
                    value={m.id}
                    checked={methodId === m.id}
                    disabled={disabled}
                    onChange={() => setMethodId(m.id)}
                  />
                  <span>{m.label}</span>
                </label>
              );
            })}
            {subscription && <p className="hint">{PAYMENT_TEXTS.subscriptionOnlyCard}</p>}
          </fieldset>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={next}>
              다음
            </button>
          </div>
        </div>
      ) : (
        <div className="pay-step">
          <h2 ref={stepHeading} tabIndex={-1}>
            주문 확인 및 결제
          </h2>
          {product && method && (
            <dl className="summary">
              <dt>상품</dt>
              <dd>{product.NAME}</dd>
              <dt>결제 수단</dt>
              <dd>{method.label}</dd>
              <dt>결제 금액</dt>
              <dd>
                {won(product.AMOUNT)}
                {method.currency === 'USD' && ` (USD ${checkoutAmount(product.AMOUNT, method)})`}
                {subscription && ' / 매월 자동 결제'}
              </dd>
            </dl>
          )}
          {subscription && product && <CardRegistrationNote amount={product.AMOUNT} />}
          {/* Before the agreement and the card window (전자상거래법 §13①). */}
          <SellerInfo />
          <label className="agree" htmlFor={ids.agree}>
            <input id={ids.agree} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>주문 내용을 확인하였으며, 결제 진행에 동의합니다.</span>
          </label>
          <div className="actions">
            <button type="button" className="button" onClick={() => goTo(1)} disabled={busy}>
              이전
            </button>
            <button type="button" className="button button-primary" onClick={() => void pay()} disabled={busy}>
              {busy ? '결제 진행 중…' : '결제하기'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The subscription's card window asks for 0원: it only issues the billing key. Said before the
 * window opens, with what follows (billing charges month one with that key at once, spec §4).
 */
function CardRegistrationNote({ amount }: { amount: number }) {
  const id = useId();
  return (
    <section className="callout card-note" aria-labelledby={id}>
      <h3 id={id}>결제 창에 0원이 표시되는 이유</h3>
      <p>
        ‘결제하기’를 누르면 열리는 창은 정기 결제에 쓸 카드를 등록(빌링키 발급)하는 절차여서 0원으로 표시되며, 이때는
        돈이 나가지 않습니다. 카드 등록이 끝나면 곧바로 첫 달 이용료 {won(amount)}이 결제되고, 그 뒤로는 매월 같은 날{' '}
        {won(amount)}이 자동 결제됩니다.
      </p>
      <p>결제 내역에서 언제든 해지할 수 있으며, 해지해도 이용 기간이 끝날 때까지 이용하실 수 있습니다.</p>
    </section>
  );
}
