import { Progress } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';

/** The indeterminate bar an export shows while its file downloads (loaded with the first export: src/ui/ExportButton.tsx). */
export function ExportProgressBar() {
  return <Progress.Root recipe={progressSlotRecipe} value={null} size="xs" width="80px"><Progress.Track><Progress.Range /></Progress.Track></Progress.Root>;
}
