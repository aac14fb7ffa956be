// What billing publishes (billing.events), always inside the transaction of the change.
import { publishInTx, type PoolClient } from '@syn/kit';
import { newEnvelope, timestampFromDate } from '@syn/proto';
import { PASS_STATUS } from '../domain/status';
import type { Pass } from '../store/rows';

export interface EventSink {
  schema: string;
  topicPrefix: string;
}

const PRODUCER = 'billing';

export async function passChanged(tx: PoolClient, sink: EventSink, pass: Pass, at: Date): Promise<void> {
  await publishInTx(
    tx,
    sink.schema,
    sink.topicPrefix,
    newEnvelope({
      producer: PRODUCER,
      key: String(pass.userId),
      occurredAt: at,
      event: {
        case: 'passChanged',
        value: {
          userId: pass.userId,
          passId: pass.passId,
          itemId: pass.itemId,
          status: PASS_STATUS[pass.status],
          startDate: timestampFromDate(pass.startDate),
          endDate: timestampFromDate(pass.endDate),
        },
      },
    }),
  );
}

export async function paymentCompleted(
  tx: PoolClient,
  sink: EventSink,
  f: { userId: number; merchantUid: string; itemId: number; amount: number },
  at: Date,
): Promise<void> {
  await publishInTx(
    tx,
    sink.schema,
    sink.topicPrefix,
    newEnvelope({
      producer: PRODUCER,
      key: String(f.userId),
      occurredAt: at,
      event: { case: 'paymentCompleted', value: f },
    }),
  );
}

export async function paymentRefunded(
  tx: PoolClient,
  sink: EventSink,
  f: { userId: number; merchantUid: string; itemId: number; amount: number },
  at: Date,
): Promise<void> {
  await publishInTx(
    tx,
    sink.schema,
    sink.topicPrefix,
    newEnvelope({
      producer: PRODUCER,
      key: String(f.userId),
      occurredAt: at,
      event: { case: 'paymentRefunded', value: f },
    }),
  );
}
