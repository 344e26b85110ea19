import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PAID_TEXTS } from '../lib/booking-texts';

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
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function run() {
    setBusy(true);
    setFailed(false);
    try {
      const url = URL.createObjectURL(await request());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // The click has started the download; the URL is not needed after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size="xs" variant="outline" loading={busy} aria-label={PAID_TEXTS.receiptLabel(reference)} onClick={() => void run()}>{PAID_TEXTS.receipt}</Button>
      {failed && <Text role="alert" textStyle="xs" color="fg.error">{PAID_TEXTS.receiptFailed}</Text>}
    </>
  );
}
