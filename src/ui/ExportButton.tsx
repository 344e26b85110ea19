import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LIST_TEXTS } from '../lib/resource-texts';
import { FieldError } from './FieldError';

// Chakra's progress (zag's progress machine) loads with the first export, not with every list that shows the button;
// until then the bar's place is kept.
const ExportProgressBar = lazy(() => import('./ExportProgressBar').then((module) => ({ default: module.ExportProgressBar })));

export interface ExportButtonProps {
  fileName: string;
  /** Starts the export and answers the streamed response (exportExcel=true on the list call). */
  request: (signal: AbortSignal) => Promise<Response>;
  onError?: (error: unknown) => void;
  /** The button's label where a screen offers more than one export (default "Export"). */
  label?: string;
}

const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Reads the streamed .xlsx with a progress indicator and saves it as `<fileName>.xlsx` (000 section 9). */
export async function readWithProgress(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? 'application/ms-excel' });
}

export function ExportButton({ fileName, request, onError, label = LIST_TEXTS.export }: ExportButtonProps) {
  const [received, setReceived] = useState<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  async function run() {
    setFailed(false);
    setReceived(0);
    try {
      const response = await request(new AbortController().signal);
      const blob = await readWithProgress(response, setReceived);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${fileName}.xlsx`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setFailed(true);
      onError?.(error);
    } finally {
      setReceived(undefined);
    }
  }
  return (
    <HStack gap={2}>
      <Button size="sm" variant="outline" onClick={() => void run()} loading={received !== undefined} loadingText={label}>{label}</Button>
      {received !== undefined && (
        <HStack gap={2} role="status">
          <Suspense fallback={<Box width="80px" />}><ExportProgressBar /></Suspense>
          <Text fontSize="sm">{LIST_TEXTS.exporting(kilobytes(received))}</Text>
        </HStack>
      )}
      {failed && <FieldError>{LIST_TEXTS.exportFailed}</FieldError>}
    </HStack>
  );
}
