/**
 * Maps one item at a time. A transaction holds one connection, which runs one query at a time: overlapping queries
 * on it only queue up, and node-postgres deprecates them ("client.query() when the client is already executing a query").
 */
export async function mapInOrder<T, R>(items: readonly T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await map(item));
  return results;
}
