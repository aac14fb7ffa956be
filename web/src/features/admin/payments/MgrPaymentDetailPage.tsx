import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/api';
import { PATHS } from '../../../app/paths';
import { routeInfo } from '../../../app/routeTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { notify } from '../../../ui/toast';
import { orderWord, SUBSCRIPTION_ITEM_ID, usageWord, won } from '../../payment/payMethods';
import {
  useRecheckPaymentMutation,
  useRefundOrderMutation,
  useRefundSubscriptionMutation,
  useSelectPaymentItemsQuery,
  type AdminPaymentRow,
} from './adminPaymentsApi';
import { ADMIN_PAYMENT_TEXTS as T } from './texts';
import '../../payment/payment.css';

const TITLE = routeInfo('mgrPaymentDetail').title;
/** The REFUND value that blocks another refund (spec §4). */
const REFUND_DONE = '환불완료';
/** An order still waiting for its payment's outcome: paid at PortOne but never confirmed here, or not paid yet. */
const ORDER_WAITING = 'STANDBY';

/** A read-only fact: text under its name (dt/dd), not an input that looks editable. */
function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Spec §2.5 item 5: read-only fields, back and refund. `?merchant_uid=` names the payment. */
export function MgrPaymentDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const merchantUid = params.get('merchant_uid') ?? '';
  const found = useSelectPaymentItemsQuery(
    { userCol: 'MERCHANT_UID', searchName: merchantUid, pageNum: 0, pageSize: 1 },
    { skip: merchantUid === '' },
  );
  const [refundOrder, oneOff] = useRefundOrderMutation();
  const [refundSubscription, sub] = useRefundSubscriptionMutation();
  const [recheckPayment, rechecking] = useRecheckPaymentMutation();
  const row: AdminPaymentRow | undefined = found.data?.datas.find((r) => r.MERCHANT_UID === merchantUid);

  useEffect(() => {
    if (found.isError) notify.error(T.paymentLoadError);
  }, [found.isError]);

  const refund = async () => {
    if (!row) return notify.error(M.paymentNotFound);
    if (row.REFUND === REFUND_DONE) return notify.warn(M.alreadyRefunded);
    if (!window.confirm(T.refundConfirm)) return;
    const input = { merchant_uid: row.MERCHANT_UID, reason: T.refundReason };
    try {
      const r =
        row.ITEM_ID === SUBSCRIPTION_ITEM_ID
          ? await refundSubscription(input).unwrap()
          : await refundOrder(input).unwrap();
      notify.success(r.message || (row.ITEM_ID === SUBSCRIPTION_ITEM_ID ? M.subscriptionRefunded : M.refunded));
    } catch (err) {
      notify.error(errorMessage(err, M.processingError));
    }
  };

  const recheck = async () => {
    if (!row) return notify.error(M.paymentNotFound);
    try {
      const r = await recheckPayment({ merchant_uid: row.MERCHANT_UID }).unwrap();
      if (r.status === 'success') notify.success(T.recheckPaid);
      else notify.info(T.recheckPending);
    } catch (err) {
      notify.error(errorMessage(err, M.processingError));
    }
  };
  const waiting = row?.O_STATUS === ORDER_WAITING;

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {found.isLoading ? (
        <Loader />
      ) : !row ? (
        <p className="callout callout-warning" role="alert">
          {M.paymentNotFound}
        </p>
      ) : (
        <dl className="detail-list">
          <ReadOnly label="주문 코드" value={row.MERCHANT_UID} />
          <ReadOnly label="상품명" value={`${row.NAME} (${won(row.AMOUNT)})`} />
          <ReadOnly label="결제 상태" value={row.P_STATUS} />
          <ReadOnly label="주문 상태" value={orderWord(row.O_STATUS)} />
          <ReadOnly label="이용 상태" value={usageWord(row.U_STATUS)} />
          <ReadOnly label="환불" value={row.REFUND ?? '-'} />
          <ReadOnly label="이메일" value={row.USEREMAIL ?? '-'} />
          <ReadOnly label="이름" value={row.USERNAME ?? '-'} />
          <ReadOnly label="결제일" value={row.CREATE_DATE ?? '-'} />
        </dl>
      )}
      {waiting && <p className="note">{T.recheckNote}</p>}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            // Back to the list (and its search) when we came from it; opened directly, the list itself.
            const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
            if (idx > 0) navigate(-1);
            else navigate(PATHS.mgrPayment);
          }}
        >
          뒤로
        </button>
        {waiting && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void recheck()}
            disabled={rechecking.isLoading}
          >
            {T.recheck}
          </button>
        )}
        {row && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => void refund()}
            disabled={oneOff.isLoading || sub.isLoading}
          >
            환불
          </button>
        )}
      </div>
    </section>
  );
}
