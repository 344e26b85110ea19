import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';

export interface DownloadButtonProps {
  label: string;
  /** What the button does, for screen readers (names the file's subject). */
  ariaLabel: string;
  /** The file name the browser saves it under. */
  fileName: string;
  /** Shown when the download failed. */
  failedText: string;
  /** Fetches the file (with the caller's token: a plain link would carry none). */
  request: () => Promise<Blob>;
}

/** Downloads a file the server makes on request (a receipt, a proof pack); says so when it could not. */
export function DownloadButton({ label, ariaLabel, fileName, failedText, request }: DownloadButtonProps) {
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
      <Button size="xs" variant="outline" loading={busy} aria-label={ariaLabel} onClick={() => void run()}>{label}</Button>
      {failed && <Text role="alert" textStyle="xs" color="fg.error">{failedText}</Text>}
    </>
  );
}
