import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { FieldError } from '../../../ui/FieldError';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useScreenActor } from '../../../machines/root/use-screen-actor';
import { ACCOUNT_TEXTS, ERROR_TEXTS } from '../../../lib/error-catalogue';
import { PICTURE_TYPES } from '../../../machines/auth/profile-picture.machine';
import { useAccountLogic } from '../account-logic';
import { ProblemNotice, Section, StatusNote } from '../account-ui';

/** Shows an image held in memory through a blob URL, released when the image changes or leaves. */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <Box asChild boxSize="120px" borderRadius="full" objectFit="cover" borderWidth="1px"><img ref={ref} alt={alt} /></Box>;
}

/**
 * The profile picture (000 sections 5 and 7): the current one (GET profilePicture) and a file chooser that
 * uploads at once (multipart field `file`); too large: "Unable to upload image. Image size is too large."
 */
export function PictureSection({ cca2, hasPicture }: { cca2: string; hasPicture: boolean }) {
  const logic = useAccountLogic();
  const actor = useScreenActor(logic.profilePicture, { cca2, hasPicture });
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const uploading = useSelector(actor, (snapshot) => snapshot.matches('uploading'));
  const picture = useSelector(actor, (snapshot) => snapshot.context.picture);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (errors.file) button.current?.focus();
  }, [errors]);

  return (
    <Section title="Profile picture">
      <Flex gap={6} align="center" wrap="wrap">
        {loading ? <StatusNote>{ERROR_TEXTS.loading}</StatusNote>
          : picture ? <BlobImage blob={picture} alt="Your profile picture" />
          : <Text color="fg.muted">{ACCOUNT_TEXTS.noPicture}</Text>}
        <Box>
          <ProblemNotice problem={problem} />
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            name="file"
            accept={PICTURE_TYPES.join(',')}
            aria-label="Choose a profile picture"
            aria-invalid={errors.file ? true : undefined}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) actor.send({ type: 'picture.select', file });
            }}
          />
          <Button
            ref={button}
            aria-describedby={`${id}-hint${errors.file ? ` ${id}-error` : ''}`}
            variant="outline"
            loading={uploading} loadingText="Uploading..." onClick={() => input.current?.click()}>
            {picture ? 'Change picture' : 'Upload a picture'}
          </Button>
          <Text id={`${id}-hint`} textStyle="xs" color="fg.muted" mt={1}>{ACCOUNT_TEXTS.pictureHint}</Text>
          {errors.file && <FieldError id={`${id}-error`}>{errors.file}</FieldError>}
        </Box>
      </Flex>
    </Section>
  );
}
