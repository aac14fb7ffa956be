// What billing publishes (billing.events), always inside the transaction of the change.
import { publishInTx, type PoolClient } from '@syn/kit';
import { newEnvelope, timestampFromDate } from '@syn/proto';
import { PASS_STATUS } from '../domain/status';
import type { Pass } from '../store/rows';

export interface EventSink {
  schema: string;
  topicPrefix: string;
}

/** What a payment event says: whose payment, of which item, for how much. */
export interface PaymentFacts {
  userId: number;
  merchantUid: string;
  itemId: number;
  amount: number;
}

const PRODUCER = 'billing';

type BillingEvent = Parameters<typeof newEnvelope>[0]['event'];

/** Every billing event is keyed by its member, so one member's events keep their order. */
async function publish(tx: PoolClient, sink: EventSink, userId: number, at: Date, event: BillingEvent): Promise<void> {
  await publishInTx(
    tx,
    sink.schema,
    sink.topicPrefix,
    newEnvelope({ producer: PRODUCER, key: String(userId), occurredAt: at, event }),
  );
}

export async function passChanged(tx: PoolClient, sink: EventSink, pass: Pass, at: Date): Promise<void> {
  await publish(tx, sink, pass.userId, at, {
    case: 'passChanged',
    value: {
      userId: pass.userId,
      passId: pass.passId,
      itemId: pass.itemId,
      status: PASS_STATUS[pass.status],
      startDate: timestampFromDate(pass.startDate),
      endDate: timestampFromDate(pass.endDate),
    },
  });
}

export async function paymentCompleted(tx: PoolClient, sink: EventSink, f: PaymentFacts, at: Date): Promise<void> {
  await publish(tx, sink, f.userId, at, { case: 'paymentCompleted', value: f });
}

export async function paymentRefunded(tx: PoolClient, sink: EventSink, f: PaymentFacts, at: Date): Promise<void> {
  await publish(tx, sink, f.userId, at, { case: 'paymentRefunded', value: f });
}
