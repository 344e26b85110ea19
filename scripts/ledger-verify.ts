// `npm run ledger:verify`: checks the ledger of the configured database (PGlite in DATA_DIR, or DATABASE_URL), the
// same one the server and `npm run seed` open. Prints a summary; exits 1 naming each violation. Reads only.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { formatLedgerReport, verifyLedger } from '../server/domain/ledger-verify';
import { createLogger } from '../server/logger';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: false, logger: createLogger('warn') });
try {
  const report = await verifyLedger(database.db);
  console.log(formatLedgerReport(report));
  process.exitCode = report.violations.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
