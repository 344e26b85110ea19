import { Progress } from '@chakra-ui/react';

/** The indeterminate bar an export shows while its file downloads (loaded with the first export: src/ui/ExportButton.tsx). */
export function ExportProgressBar() {
  return <Progress.Root value={null} size="xs" width="80px"><Progress.Track><Progress.Range /></Progress.Track></Progress.Root>;
}
