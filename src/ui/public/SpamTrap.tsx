import { Box } from '@chakra-ui/react';
import { CONTACT_TEXTS } from '../../lib/contact';

/**
 * The spam trap of the public forms (contact, chat): off screen and out of the accessibility tree, so only a bot
 * fills it; the server answers a filled one as if it were taken and keeps nothing.
 */
export function SpamTrap({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Box position="absolute" left="-10000px" width="1px" height="1px" overflow="hidden" aria-hidden="true">
      <label>{CONTACT_TEXTS.website}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
      </label>
    </Box>
  );
}
