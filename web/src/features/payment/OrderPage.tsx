import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PATHS } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageHeading } from '../../ui/PageHeading';
import { listPager } from '../../ui/Pager';
import { notify } from '../../ui/toast';
import { won } from './payMethods';
import {
  useCancelOrderMutation,
  useCancelSubscriptionMutation,
  useSetAutoRenewMutation,
  usePaymentListsQuery,
  useSubscriptionInfoQuery,
  type PaymentItem,
} from './paymentApi';
import { ReasonDialog } from './ReasonDialog';
import { RequireMember } from './RequireMember';
import { PAYMENT_TEXTS } from './texts';
import './payment.css';

const TITLE = routeInfo('order').title;
const PAGE_SIZE = 10;
const PAID_WORD = '결제완료';

export function OrderPage() {
  return <RequireMember title={TITLE}>{(userId) => <Orders userId={userId} />}</RequireMember>;
}

type Pending = { kind: 'subscription'; customerUid: string } | { kind: 'order'; item: PaymentItem } | null;

function Orders({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const list = usePaymentListsQuery({ userId, pageNum: page - 1, pageSize: PAGE_SIZE });
  const sub = useSubscriptionInfoQuery({ userId });
  const [cancelOrder, orderState] = useCancelOrderMutation();
  const [cancelSubscription, subState] = useCancelSubscriptionMutation();
  const [setAutoRenew, autoRenewState] = useSetAutoRenewMutation();
  const [pending, setPending] = useState<Pending>(null);

  useEffect(() => {
    if (list.isError) notify.error(PAYMENT_TEXTS.loadError);
  }, [list.isError]);

  const confirm = async (reason: string) => {
    if (!pending) return;
    try {
      if (pending.kind === 'subscription') {
        const r = await cancelSubscription({ customer_uid: pending.customerUid, reason }).unwrap();
        notify.success(r.message || M.subscriptionCancelled);
      } else {
        await cancelOrder({ merchant_uid: pending.item.MERCHANT_UID, reason }).unwrap();
        notify.success(PAYMENT_TEXTS.cancelled);
      }
      setPending(null);
    } catch (err) {
      notify.error(errorMessage(err, pending.kind === 'subscription' ? M.subscriptionCancelFailed : M.processingError));
    }
  };

  const total = list.data?.total ?? 0;
  const rows = list.data?.datas ?? [];
  const info = sub.data;
  const autoRenewing = info?.STATUS === 'START';
  // Stopped by the member while the paid days still run: the stored card may renew it again.
  const resumable =
    info?.STATUS === 'CANCEL' &&
    (info.PASS_STATUS === 'START' || info.PASS_STATUS === 'STANDBY') &&
    info.remainDays > 0;
  const resume = async () => {
    try {
      notify.success((await setAutoRenew('ON').unwrap()).message);
    } catch (err) {
      notify.error(errorMessage(err, M.autoRenewUnavailable));
    }
  };
  const cancellable = (row: PaymentItem) => row.STATUS === PAID_WORD && !row.REFUND;
  const columns: Array<DataColumn<PaymentItem>> = [
    { header: '결제일', label: '결제일', cell: (row) => row.CREATE_DATE ?? '-' },
    {
      header: '상품명',
      label: '상품명',
      className: 'cell-title',
      cell: (row) => (
        <>
          {row.NAME}
          <span className="sr-only"> 주문번호 {row.MERCHANT_UID}</span>
        </>
      ),
    },
    // Right-aligned cells under a left-aligned header, as the page has always shown it.
    { header: '금액', label: '금액', className: 'number', cell: (row) => won(row.AMOUNT) },
    { header: '결제 상태', label: '결제 상태', cell: (row) => row.STATUS },
    { header: '환불', label: '환불', cell: (row) => row.REFUND ?? '-' },
    {
      header: '취소',
      label: '취소',
      className: (row) => (cancellable(row) ? 'actions-cell cell-actions' : 'actions-cell cell-empty'),
      cell: (row) =>
        cancellable(row) ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => setPending({ kind: 'order', item: row })}
          >
            결제 취소<span className="sr-only"> {row.NAME}</span>
          </button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {info && (
        <div className="banner" aria-label="정기 결제">
          <p>
            <strong>정기 결제 {autoRenewing ? '이용 중' : '해지됨'}</strong>
            {info.END_DATE && ` · 이용 기간 ${info.START_DATE ?? ''} ~ ${info.END_DATE}`}
            {autoRenewing && info.NEXT_PAY_DATE && ` · 다음 결제일 ${info.NEXT_PAY_DATE}`}
            {!autoRenewing && info.remainDays > 0 && ` · 남은 기간 ${info.remainDays}일`}
          </p>
          {autoRenewing && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setPending({ kind: 'subscription', customerUid: info.CUSTOMER_UID })}
            >
              정기 결제 해지
            </button>
          )}
          {resumable && (
            <button
              type="button"
              className="button button-small"
              onClick={() => void resume()}
              disabled={autoRenewState.isLoading}
            >
              자동 결제 다시 켜기
            </button>
          )}
        </div>
      )}
      <DataTable
        loading={list.isLoading}
        rows={rows}
        rowKey={(row) => row.MERCHANT_UID}
        empty={
          <>
            {PAYMENT_TEXTS.noPayments} <Link to={PATHS.payment}>이용권 구매하기</Link>
          </>
        }
        count={`총 ${total}건`}
        regionLabel="결제 내역 표"
        scrollClassName="pay-scroll"
        className="pay-table"
        caption="결제 내역"
        columns={columns}
        pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: setPage, label: '결제 내역 페이지' })}
      />
      <ReasonDialog
        open={pending !== null}
        title={pending?.kind === 'subscription' ? '정기 결제 해지' : '결제 취소'}
        description={
          pending?.kind === 'subscription'
            ? '다음 달부터 자동 결제가 되지 않습니다. 이용 기간이 끝날 때까지는 계속 이용하실 수 있습니다.'
            : `${pending?.kind === 'order' ? pending.item.NAME : ''} 결제를 취소하고 환불을 요청합니다.`
        }
        confirmLabel={pending?.kind === 'subscription' ? '해지하기' : '결제 취소'}
        busy={orderState.isLoading || subState.isLoading}
        onConfirm={(reason) => void confirm(reason)}
        onClose={() => setPending(null)}
      />
    </section>
  );
}
