// `npm run seed`: applies migrations and seeds the demo data into DATA_DIR or DATABASE_URL; safe to run again.
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openDatabase } from './database';
import { createGeo } from '../geo';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: false, logger: createLogger('warn') });
try {
  await database.migrate();
  const { created } = await seedDemoData(database.db, { router: createGeo(config, database.db).router });
  await database.analyze();
  console.log(created > 0 ? `Seeded ${created} rows.` : 'Demo data already present; nothing to do.');
} finally {
  await database.close();
}
