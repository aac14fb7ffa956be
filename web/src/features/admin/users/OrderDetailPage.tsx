import { BILLING_MESSAGES as M, newOrderType } from '@syn/kit/rules';
import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../../app/api';
import { routeInfo } from '../../../app/routeTable';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { Loader } from '../../../ui/Loader';
import { PageHeading } from '../../../ui/PageHeading';
import { listPager } from '../../../ui/Pager';
import { notify } from '../../../ui/toast';
import { SUBSCRIPTION_ITEM_ID, usageWord } from '../../payment/payMethods';
import { useProductsQuery } from '../../payment/paymentApi';
import {
  useCancelUserSubscriptionMutation,
  useInsertUserOrderItemMutation,
  useSelectUserOrderItemsQuery,
  type AdminOrderRow,
} from '../payments/adminPaymentsApi';
import { ADMIN_PAYMENT_TEXTS as T } from '../payments/texts';
import '../../payment/payment.css';

const TITLE = routeInfo('mgrUserOrderDetail').title;
const PAGE_SIZE = 10;
const ORDER_COLUMNS: Array<DataColumn<AdminOrderRow>> = [
  { header: '주문 ID', label: '주문 ID', cell: (row) => row.ORDER_ID },
  { header: '상품명', label: '상품명', className: 'cell-title', cell: (row) => row.NAME },
  { header: '시작일', label: '시작일', cell: (row) => row.START_DATE ?? '-' },
  { header: '종료일', label: '종료일', cell: (row) => row.END_DATE ?? '-' },
  { header: '일시정지일', label: '일시정지일', cell: (row) => row.LOCK_DATE ?? '-' },
  { header: '상태', label: '상태', cell: (row) => usageWord(row.STATUS) },
];

/** Spec §2.5 item 3: a member's current plan, the cancel-recurring button, new order, orders table. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const userId = /^\d+$/.test(id) ? Number(id) : 0;
  const [page, setPage] = useState(1);
  const [orderType, setOrderType] = useState('0');
  const selectId = useId();
  const list = useSelectUserOrderItemsQuery({ userId, pageNum: page - 1, pageSize: PAGE_SIZE }, { skip: userId === 0 });
  const products = useProductsQuery();
  const [insert, inserting] = useInsertUserOrderItemMutation();
  const [cancelRecurring, cancelling] = useCancelUserSubscriptionMutation();

  useEffect(() => {
    if (list.isError) notify.error(T.orderLoadError);
  }, [list.isError]);

  const addOrder = async () => {
    const parsed = newOrderType.safeParse(orderType);
    if (!parsed.success) return notify.warn(M.newOrderTypeRequired);
    try {
      const r = await insert({ userId, orderType: parsed.data }).unwrap();
      notify.success(r.message || M.orderRegistered);
      setOrderType('0');
    } catch (err) {
      notify.error(errorMessage(err, M.processingError));
    }
  };

  const stopRecurring = async () => {
    try {
      const r = await cancelRecurring({
        userId,
        customer_uid: list.data?.subscription?.CUSTOMER_UID,
      }).unwrap();
      notify.success(r.message || M.subscriptionCancelled);
    } catch (err) {
      notify.error(errorMessage(err, M.subscriptionCancelFailed));
    }
  };

  const used = list.data?.used ?? null;
  const recurring = used?.product.ITEM_ID === SUBSCRIPTION_ITEM_ID && list.data?.subscription?.STATUS === 'START';
  const rows = list.data?.datas ?? [];
  const total = list.data?.total ?? 0;

  return (
    <section>
      <PageHeading title={TITLE}>{TITLE}</PageHeading>
      {list.isLoading ? (
        <Loader />
      ) : (
        <>
          <div className="banner">
            {used ? (
              <p>
                현재 이용 중인 상품: <strong>{used.product.NAME}</strong> (서비스 기간 {used.START_DATE} ~{' '}
                {used.END_DATE})
              </p>
            ) : (
              <p>{T.noPlan}</p>
            )}
            {recurring && (
              <button
                type="button"
                className="button button-small"
                onClick={() => void stopRecurring()}
                disabled={cancelling.isLoading}
              >
                정기 결제 해지
              </button>
            )}
          </div>
          <div className="filter-bar">
            <div className="field">
              <label htmlFor={selectId}>등록할 상품</label>
              <select id={selectId} value={orderType} onChange={(e) => setOrderType(e.target.value)}>
                <option value="0">상품 선택</option>
                {(products.data ?? []).map((p) => (
                  <option key={p.ITEM_ID} value={p.ITEM_ID}>
                    {p.NAME}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <button
                type="button"
                className="button button-primary"
                onClick={() => void addOrder()}
                disabled={inserting.isLoading || userId === 0}
              >
                새 주문 등록
              </button>
            </div>
          </div>
          <DataTable
            rows={rows}
            rowKey={(row) => row.PASS_ID}
            empty={T.noOrders}
            regionLabel="주문 목록 표"
            scrollClassName="pay-scroll"
            className="pay-table"
            caption="주문 목록"
            columns={ORDER_COLUMNS}
            pager={listPager({ page, total, pageSize: PAGE_SIZE, onChange: setPage, label: '주문 목록 페이지' })}
          />
        </>
      )}
    </section>
  );
}
