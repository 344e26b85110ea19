import { Box, Button, Flex, Input, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { usePortal } from '../../../machines/root/root-actor';
import { useScreenActor } from '../../../machines/root/use-screen-actor';
import { DATE_FORMATS } from '../../../lib/constants';
import { formatDate } from '../../../lib/date-format';
import { ACCOUNT_TEXTS, ERROR_TEXTS } from '../../../lib/error-catalogue';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useAccountLogic } from '../account-logic';
import { ProblemNotice, Section, StatusNote } from '../account-ui';

/** The secret of a key just created: shown once, selectable, with Copy and Done. */
function NewKey({ secret, onCopy, onDone, copying, copied, copyFailed }: {
  secret: string; onCopy: () => void; onDone: () => void; copying: boolean; copied: boolean; copyFailed: boolean;
}) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <Box mb={4}>
      <StatusNote>{ACCOUNT_TEXTS.apiKeyShownOnce}</StatusNote>
      <Flex gap={2} mb={2}>
        <Input ref={field} readOnly value={secret} aria-label="New API key" fontFamily="mono" bg="bg.muted" />
        <Button variant="outline" loading={copying} loadingText="Copying..." onClick={onCopy}>Copy</Button>
      </Flex>
      {copied && <StatusNote>{ACCOUNT_TEXTS.apiKeyCopied}</StatusNote>}
      {copyFailed && <Text role="alert" color="fg.error" mb={2}>{ACCOUNT_TEXTS.apiKeyCopyFailed}</Text>}
      <Button bg="secondary" color="white" onClick={onDone}>Done</Button>
    </Box>
  );
}

/**
 * The public API key (000 section 7), for administrators and public API users: the current key's prefix and
 * dates, and a new key whose secret is shown once with a copy button.
 */
export function ApiKeySection({ userId }: { userId: number }) {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.apiKey, { userId });
  const { timeZone } = usePortal();
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'));
  const key = useSelector(actor, (snapshot) => snapshot.context.key);
  const created = useSelector(actor, (snapshot) => (snapshot.matches('created') ? snapshot.context.created : null));
  const copying = useSelector(actor, (snapshot) => snapshot.matches({ created: 'copying' }));
  const copied = useSelector(actor, (snapshot) => snapshot.matches({ created: 'copied' }));
  const copyFailed = useSelector(actor, (snapshot) => snapshot.matches({ created: 'copyFailed' }));
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirmingReplace'));
  const creating = useSelector(actor, (snapshot) => snapshot.matches('creating'));
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const at = (iso: string | null | undefined) => formatDate(iso, DATE_FORMATS.dateTime, timeZone);

  if (loading) return <Section title="API key"><StatusNote>{ERROR_TEXTS.loading}</StatusNote></Section>;
  if (loadFailed) {
    return (
      <Section title="API key">
        <ProblemNotice problem={problem} />
        <Button variant="outline" onClick={() => actor.send({ type: 'apiKey.retry' })}>Try again</Button>
      </Section>
    );
  }
  return (
    <Section title="API key">
      <ProblemNotice problem={problem} />
      {created ? (
        <NewKey
          secret={created.apiKey}
          copying={copying}
          copied={copied}
          copyFailed={copyFailed}
          onCopy={() => actor.send({ type: 'apiKey.copy' })}
          onDone={() => actor.send({ type: 'apiKey.dismiss' })}
        />
      ) : key ? (
        <Box as="dl" mb={4} data-testid="api-key-current">
          <Text as="dt" fontWeight="medium">Key</Text>
          <Text as="dd" fontFamily="mono" mb={2}>{`${key.prefix}…`}</Text>
          <Text as="dt" fontWeight="medium">Created</Text>
          <Text as="dd" mb={2}>{at(key.createdAt)}</Text>
          <Text as="dt" fontWeight="medium">Last used</Text>
          <Text as="dd">{key.lastUsedAt ? at(key.lastUsedAt) : 'Never'}</Text>
        </Box>
      ) : (
        <Text mb={4} color="fg.muted">{ACCOUNT_TEXTS.apiKeyNone}</Text>
      )}
      {!created && (
        <Button bg="secondary" color="white" loading={creating} loadingText="Creating..." onClick={() => actor.send({ type: 'apiKey.create' })}>
          {key ? 'Create a new API key' : 'Create API key'}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Replace API key"
        message={ACCOUNT_TEXTS.apiKeyReplaceQuestion}
        onNo={() => actor.send({ type: 'apiKey.cancel' })}
        onYes={() => actor.send({ type: 'apiKey.confirm' })}
      />
    </Section>
  );
}
