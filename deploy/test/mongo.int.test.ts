import mongoose, { Schema, type Connection } from 'mongoose';
import { env, uniqueName } from './env';

interface Entry {
  userId: number;
  word: string;
  order: number;
}

describe('MongoDB wire server (mongoose 8)', () => {
  let conn: Connection;
  const collection = uniqueName('deploy_int_entries');

  beforeAll(async () => {
    conn = await mongoose
      .createConnection(env.mongoUrl, { dbName: 'syndict_test', serverSelectionTimeoutMS: 5000 })
      .asPromise();
  });
  afterAll(async () => {
    await conn?.dropCollection(collection).catch(() => undefined);
    await conn?.close();
  });

  it('when entries are stored, then the unique compound index rejects a duplicate and pages come back sorted', async () => {
    const schema = new Schema<Entry>({ userId: Number, word: String, order: Number }, { collection, autoIndex: false });
    schema.index({ userId: 1, word: 1 }, { unique: true });
    const Entries = conn.model<Entry>(collection, schema);
    await Entries.createIndexes();

    const words = ['가다', '나무', '다리', '라면', '마음', '바다', '사랑'];
    await Entries.insertMany(words.map((word, i) => ({ userId: 1, word, order: i })));
    await Entries.create({ userId: 2, word: '사랑', order: 0 });

    await expect(Entries.create({ userId: 1, word: '사랑', order: 99 })).rejects.toMatchObject({ code: 11000 });

    const page = await Entries.find({ userId: 1 }).sort({ order: -1 }).skip(2).limit(3).lean();
    expect(page.map((e) => e.word)).toEqual(['마음', '라면', '다리']);
    expect(await Entries.countDocuments({ userId: 1 })).toBe(7);
    expect(await Entries.countDocuments({ word: '사랑' })).toBe(2);
  });
});
