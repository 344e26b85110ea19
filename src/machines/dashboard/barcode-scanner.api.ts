import { api } from '../../api';

/**
 * The delivery a scanned code names (ours; 002 names the modal, not the lookup): the deliveries list searched
 * with the code (waybill, order reference, customer identifier; the caller's scope applies), and the row whose
 * waybill or order reference equals the code, case aside. null when none does.
 */
export async function findDeliveryByCode(cca2: string, code: string, signal?: AbortSignal): Promise<number | null> {
  const { data } = await api.connect.GET('/deliveries/{cca2}', { params: { path: { cca2 }, query: { search: code, page: 1, pageSize: 20 } }, signal });
  const wanted = code.trim().toLowerCase();
  const rows = data!.items;
  const match = rows.find((row) => row.waybill?.toLowerCase() === wanted) ?? rows.find((row) => row.orderReference?.toLowerCase() === wanted);
  return match?.id ?? null;
}
