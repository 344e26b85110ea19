import { PAID_TEXTS } from '../lib/booking-texts';
import { DownloadButton } from './DownloadButton';

export interface ReceiptButtonProps {
  /** The file name the browser saves it under (Receipt-{waybill}.pdf). */
  fileName: string;
  /** How the delivery is named to screen readers. */
  reference: string;
  /** Fetches the PDF (with the caller's token: a plain link would carry none). */
  request: () => Promise<Blob>;
}

/** 'Receipt': downloads a paid delivery's PDF receipt (issue 21); says so when it could not. */
export function ReceiptButton({ fileName, reference, request }: ReceiptButtonProps) {
  return <DownloadButton label={PAID_TEXTS.receipt} ariaLabel={PAID_TEXTS.receiptLabel(reference)} fileName={fileName} failedText={PAID_TEXTS.receiptFailed} request={request} />;
}
