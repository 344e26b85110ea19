import { Alert, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { TASK_WIZARD_TEXTS } from '../../lib/jobs-texts';
import { statusLabel, TASK_TYPE_LABELS } from '../../lib/statuses';
import { STOP_TASK_TYPES, stopAddressErrors, stopWindowErrors } from '../../machines/operations/task-wizard';
import type { taskWizardMachine } from '../../machines/operations/task-wizard.machine';
import type { TaskStopForm } from '../../machines/operations/task-wizard.types';
import { Select } from '../../ui/Select';

export type TaskWizardActor = Actor<typeof taskWizardMachine>;

interface StopAddress {
  description: string;
  coordinates: { lat: number; lon: number };
  storeId?: number | null;
}

/** A delivery of the job the stop may serve, with its own addresses offered as the stop's. */
export interface WizardDelivery {
  deliveryId: number;
  waybill: string | null;
  originAddress: StopAddress | null;
  destinationAddress: StopAddress | null;
}

function Field({ label, value, onChange, type = 'text', error }: { label: string; value: string; onChange: (value: string) => void; type?: string; error?: string }) {
  return (
    <Stack gap={0}>
      <Input size="sm" type={type} aria-label={label} placeholder={label} value={value} aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)} />
      {error && <Text fontSize="xs" color="red.600">{error}</Text>}
    </Stack>
  );
}

const addressFields = (address: StopAddress): Partial<TaskStopForm> => ({
  description: address.description, lat: String(address.coordinates.lat), lon: String(address.coordinates.lon),
  storeId: address.storeId ? String(address.storeId) : '',
});

/** The task wizard (its chart: task-wizard.machine.ts): one step at a time, Next only once the step is complete. */
export function TaskWizard({ actor, deliveries }: { actor: TaskWizardActor; deliveries: readonly WizardDelivery[] }) {
  const step = useSelector(actor, (s) => (['stop', 'address', 'window', 'adding'] as const).find((name) => s.matches(name)) ?? null);
  const form = useSelector(actor, (s) => s.context.form);
  const error = useSelector(actor, (s) => s.context.error);
  // Next and Add are offered when the chart takes them (its guards are the step checks).
  const canNext = useSelector(actor, (s) => s.can({ type: 'wizard.next' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'wizard.submit' }));
  const change = (fields: Partial<TaskStopForm>) => actor.send({ type: 'wizard.change', fields });
  if (step === null) return <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'wizard.open' })}>{TASK_WIZARD_TEXTS.open}</Button>;
  const texts = TASK_WIZARD_TEXTS;
  const delivery = deliveries.find((row) => row.deliveryId === form.deliveryId);
  const addressErrors = stopAddressErrors(form);
  const windowErrors = stopWindowErrors(form);
  const touched = (fields: string[]) => fields.some((field) => form[field as keyof TaskStopForm] !== '' && form[field as keyof TaskStopForm] !== null);
  return (
    <Box as="section" role="dialog" aria-label={texts.title} borderWidth="1px" borderRadius="md" p={2}>
      <Stack gap={2} fontSize="sm">
        <Text fontWeight="bold">{texts.title} · {step === 'adding' ? texts.adding : texts.steps[step === 'stop' ? 'stop' : step === 'address' ? 'address' : 'window']}</Text>
        {error && <Alert.Root status="error" size="sm"><Alert.Indicator /><Alert.Title>{error.message}</Alert.Title></Alert.Root>}
        {step === 'stop' && (
          <>
            <Select label={texts.delivery} value={form.deliveryId === null ? '' : String(form.deliveryId)} onChange={(value) => change({ deliveryId: value ? Number(value) : null })}>
              <option value="">{texts.delivery}</option>
              {deliveries.map((row) => <option key={row.deliveryId} value={row.deliveryId}>{row.waybill ?? row.deliveryId}</option>)}
            </Select>
            <Select label={texts.taskType} value={form.taskTypeId === null ? '' : String(form.taskTypeId)} onChange={(value) => change({ taskTypeId: value ? Number(value) : null })}>
              <option value="">{texts.taskType}</option>
              {STOP_TASK_TYPES.map((type) => <option key={type} value={type}>{statusLabel(TASK_TYPE_LABELS, type)}</option>)}
            </Select>
          </>
        )}
        {step === 'address' && (
          <>
            <HStack wrap="wrap">
              {delivery?.originAddress && <Button size="xs" variant="outline" onClick={() => change(addressFields(delivery.originAddress!))}>{texts.useOrigin}</Button>}
              {delivery?.destinationAddress && <Button size="xs" variant="outline" onClick={() => change(addressFields(delivery.destinationAddress!))}>{texts.useDestination}</Button>}
            </HStack>
            <Field label={texts.description} value={form.description} onChange={(description) => change({ description })} error={touched(['description']) ? addressErrors.description : undefined} />
            <HStack>
              <Field label={texts.lat} value={form.lat} onChange={(lat) => change({ lat })} />
              <Field label={texts.lon} value={form.lon} onChange={(lon) => change({ lon })} />
            </HStack>
            {touched(['lat', 'lon']) && addressErrors.coordinates && <Text fontSize="xs" color="red.600">{addressErrors.coordinates}</Text>}
            <Field label={texts.storeId} value={form.storeId} onChange={(storeId) => change({ storeId })} error={addressErrors.storeId} />
          </>
        )}
        {(step === 'window' || step === 'adding') && (
          <>
            <Field label={texts.windowStart} type="datetime-local" value={form.windowStart} onChange={(windowStart) => change({ windowStart })} />
            <Field label={texts.windowEnd} type="datetime-local" value={form.windowEnd} onChange={(windowEnd) => change({ windowEnd })} error={windowErrors.windowOrder} />
            <Field label={texts.contactName} value={form.contactName} onChange={(contactName) => change({ contactName })} />
            <Field label={texts.contactPhone} type="tel" value={form.contactPhone} onChange={(contactPhone) => change({ contactPhone })} error={windowErrors.contactPhone} />
          </>
        )}
        <HStack>
          {(step === 'address' || step === 'window') && <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'wizard.back' })}>{texts.back}</Button>}
          {step === 'stop' && <Button size="xs" disabled={!canNext} onClick={() => actor.send({ type: 'wizard.next' })}>{texts.next}</Button>}
          {step === 'address' && <Button size="xs" disabled={!canNext} onClick={() => actor.send({ type: 'wizard.next' })}>{texts.next}</Button>}
          {(step === 'window' || step === 'adding') && (
            <Button size="xs" disabled={!canSubmit} onClick={() => actor.send({ type: 'wizard.submit' })}>{texts.submit}</Button>
          )}
          <Button size="xs" variant="ghost" disabled={step === 'adding'} onClick={() => actor.send({ type: 'wizard.cancel' })}>{texts.cancel}</Button>
        </HStack>
      </Stack>
    </Box>
  );
}
