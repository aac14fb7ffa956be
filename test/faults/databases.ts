// The PostgreSQL and MongoDB databases a fault run owns: dropped and made anew at each run, so
// counts left by an earlier run never mix with this one's.
import { MongoClient } from 'mongodb';
import { Pool } from 'pg';

export interface FaultDatabases {
  databaseUrl: string;
  mongoUrl: string;
}

/** Names the run's databases `database` on the PostgreSQL server of `pgServer` and on the local MongoDB. */
export function faultDatabases(pgServer: string, database: string): FaultDatabases {
  return {
    databaseUrl: pgServer.replace(/\/[^/]*$/, `/${database}`),
    mongoUrl: `mongodb://127.0.0.1:27017/${database}`,
  };
}

/** Drops and creates the PostgreSQL database and empties the MongoDB one. */
export async function freshDatabases(pgServer: string, database: string): Promise<void> {
  const admin = new Pool({ connectionString: pgServer, max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const mongo = await MongoClient.connect(faultDatabases(pgServer, database).mongoUrl);
  try {
    await mongo.db().dropDatabase();
  } finally {
    await mongo.close();
  }
}
