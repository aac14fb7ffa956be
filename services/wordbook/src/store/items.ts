// Members' saved words in MongoDB (mongoose). One document per (member, headword); a
// save's WordSaved event rides on the document it belongs to (kit mongo-outbox).
import { pendingEventSchema, type PendingEvent } from '@syn/kit';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { Page, WordbookItem } from '../domain/items';

export const ITEMS_COLLECTION = 'wordbook_items';

interface ItemDocument {
  userId: number;
  headwordId: number;
  word: string;
  hanja: string;
  linkUrl: string;
  createdAt: Date;
  pendingEvents: PendingEvent[];
}

const itemSchema = new Schema<ItemDocument>(
  {
    userId: { type: Number, required: true },
    headwordId: { type: Number, required: true },
    word: { type: String, required: true },
    hanja: { type: String, default: '' },
    linkUrl: { type: String, required: true },
    createdAt: { type: Date, required: true },
    pendingEvents: { type: [pendingEventSchema], default: [] },
  },
  { collection: ITEMS_COLLECTION, versionKey: false },
);
// The list, newest first, for one member (the _id breaks ties within a millisecond).
itemSchema.index({ userId: 1, createdAt: -1 }, { name: 'user_created' });
// A headword is in a member's wordbook at most once.
itemSchema.index({ userId: 1, headwordId: 1 }, { unique: true, name: 'user_headword_unique' });

const DUPLICATE_KEY = 11000;

export interface NewItem {
  userId: number;
  headwordId: number;
  word: string;
  hanja: string;
  linkUrl: string;
  createdAt: Date;
  event: PendingEvent;
}

type ListedDocument = Omit<ItemDocument, 'pendingEvents'> & { _id: Types.ObjectId };

function toItem(doc: ListedDocument): WordbookItem {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId,
    headwordId: doc.headwordId,
    word: doc.word,
    hanja: doc.hanja ?? '',
    linkUrl: doc.linkUrl,
    createdAt: doc.createdAt,
  };
}

const LIST_FIELDS = { pendingEvents: 0 } as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export class ItemStore {
  readonly model: Model<ItemDocument>;

  constructor(conn: Connection) {
    this.model = conn.models.WordbookItem ?? conn.model<ItemDocument>('WordbookItem', itemSchema);
  }

  /** Builds the indexes (idempotent); the unique one is what makes a double save impossible. */
  async ensureIndexes(): Promise<void> {
    // Another replica starting at the same moment may create the collection under us; the
    // MongoDB-wire server then fails this build once, and the second build finds the collection.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.model.createIndexes();
        return;
      } catch (err) {
        if (attempt >= 3 || !/already exist/i.test(String((err as Error).message))) throw err;
      }
    }
  }

  async find(userId: number, headwordId: number): Promise<WordbookItem | null> {
    const doc = await this.model.findOne({ userId, headwordId }, LIST_FIELDS).lean();
    return doc ? toItem(doc) : null;
  }

  /** Saves the item with its event in one document write; 'duplicate' when the member has it already. */
  async insert(item: NewItem): Promise<{ outcome: 'inserted'; item: WordbookItem } | { outcome: 'duplicate' }> {
    const { event, ...fields } = item;
    try {
      const doc = await this.model.create({ ...fields, pendingEvents: [event] });
      return { outcome: 'inserted', item: toItem(doc.toObject()) };
    } catch (err) {
      if ((err as { code?: unknown }).code === DUPLICATE_KEY) return { outcome: 'duplicate' };
      throw err;
    }
  }

  async page(userId: number, pageNum: number, pageSize: number): Promise<Page<WordbookItem>> {
    const [docs, total] = await Promise.all([
      this.model
        .find({ userId }, LIST_FIELDS)
        .sort(NEWEST_FIRST)
        .skip(pageNum * pageSize)
        .limit(pageSize)
        .lean(),
      this.model.countDocuments({ userId }),
    ]);
    return { items: docs.map(toItem), total, pageNum, pageSize };
  }

  /** Every item of a member, newest first (export). */
  async all(userId: number): Promise<WordbookItem[]> {
    const docs = await this.model.find({ userId }, LIST_FIELDS).sort(NEWEST_FIRST).lean();
    return docs.map(toItem);
  }

  /** Deletes the member's own item; false when no such item is theirs. */
  async deleteOwn(userId: number, itemId: string): Promise<boolean> {
    const res = await this.model.deleteOne({ _id: new Types.ObjectId(itemId), userId });
    return res.deletedCount === 1;
  }

  /** Everything of a withdrawn member (idempotent by nature). */
  async purge(userId: number): Promise<number> {
    const res = await this.model.deleteMany({ userId });
    return res.deletedCount;
  }
}
