// One side of bench/rate-uploads.ts (a) in a process of its own, so its peak RSS is its own: the upload's reading of a
// rate sheet (readSheet + the rate sheet's header and rows + the company check of uploadRateSheet), or csv-parse alone.
// Usage: node --import tsx bench/rate-sheet-child.ts real|baseline <file> <known company ids, comma separated>
import { createReadStream, statSync } from 'node:fs';
import { parse } from 'csv-parse';
import { readSheet } from '../server/domain/upload-batches';
import { mapRateSheetHeader, rateUploadFromCells } from '../src/lib/rate-uploads';
import { RATE_TEXTS } from '../src/lib/rate-texts';

const [side, file, known] = process.argv.slice(2);
const portalCompanies = new Set((known ?? '').split(',').filter(Boolean).map(Number));
const rssBeforeMb = process.memoryUsage.rss() / (1024 * 1024);
const began = performance.now();
let rows = 0;
let bad = 0;
if (side === 'real') {
  rows = await readSheet(createReadStream(file!), 'csv', statSync(file!).size, {
    header: mapRateSheetHeader,
    // uploadRateSheet's row reading, without its batched INSERTs.
    async row(cells, columns) {
      const { values, errors } = rateUploadFromCells(cells, columns);
      if (values.companyId !== null && !portalCompanies.has(values.companyId)) errors.companyId = [RATE_TEXTS.unknownCompany];
      if (Object.keys(errors).length > 0) bad += 1;
    },
  });
} else {
  const parser = createReadStream(file!).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  for await (const record of parser) if ((record as string[]).length > 0) rows += 1;
  rows -= 1;
}
const ms = performance.now() - began;
process.stdout.write(`${JSON.stringify({ rows, bad, ms, rssBeforeMb, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
