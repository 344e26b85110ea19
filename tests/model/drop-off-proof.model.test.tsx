import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { createActor } from 'xstate';
import { DropOffProofDialog } from '../../src/features/jobs/DropOffProofDialog';
import { DROP_OFF_PROOF_TEXTS, PROOF_TEXTS } from '../../src/lib/proof-of-delivery';
import { MAX_PROOF_PHOTOS, missingMessage } from '../../src/machines/operations/drop-off-proof';
import { dropOffProofSamples } from '../../src/machines/operations/drop-off-proof.samples';
import type { DropOffProofEvent } from '../../src/machines/operations/drop-off-proof.types';
import { system } from '../../src/ui/theme';
import { chartCan, describeModel } from '../support/model-paths';

// The driver's drop-off dialog (issue 20) through its Chakra dialog: the pad, the typed name, the photo input, the
// scanner's field and the code, with Complete held back while the shared rule says something required is missing.
const texts = DROP_OFF_PROOF_TEXTS;
let completed: number[] = [];
/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = dropOffProofSamples.machine;
const dialog = () => within(screen.getAllByRole('dialog').find((element) => element.getAttribute('data-state') === 'open')!);

beforeAll(() => {
  // jsdom draws nothing: the pad's strokes go to a context that records none, and the image is the path's own.
  // (A property, not an assignment: the pad uses four of the 2D context's members, not the whole type.)
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true, value: () => ({ beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, lineWidth: 1 }),
  });
  HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,iVBORw0KGgo=';
});

describeModel({
  machine: dropOffProofSamples.machine,
  scenarios: dropOffProofSamples.scenarios,
  targets: dropOffProofSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    completed = [];
    const actor = createActor(machine, { input, clock });
    actor.on('proof.completed', (event) => completed.push(event.taskId));
    actor.start();
    render(<ChakraProvider value={system}><DropOffProofDialog actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as DropOffProofEvent;
          switch (typed.type) {
            // The job screen's "Complete drop-off" opens it (tests/component/drop-off-proof.test.tsx); the device tells the position.
            case 'proof.open': case 'proof.located': actor.send(typed); break;
            case 'proof.sign':
              if (typed.signature.method === 'typed') fireEvent.change(dialog().getByLabelText(texts.typedName), { target: { value: typed.signature.value } });
              else {
                const pad = dialog().getByRole('img', { name: texts.signaturePad });
                fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
                fireEvent.pointerMove(pad, { clientX: 60, clientY: 40, pointerId: 1 });
                fireEvent.pointerUp(pad, { clientX: 60, clientY: 40, pointerId: 1 });
              }
              break;
            case 'proof.clearSignature': fireEvent.click(dialog().getByRole('button', { name: texts.clearSignature })); break;
            case 'proof.photo': fireEvent.change(dialog().getByLabelText(texts.photoInput), { target: { files: [typed.file] } }); break;
            case 'proof.scan': {
              fireEvent.change(dialog().getByLabelText(texts.scanInput), { target: { value: typed.code } });
              // The keyboard-wedge scanner ends with Enter: the field's form is submitted.
              fireEvent.submit(dialog().getByLabelText(texts.scanInput).closest('form')!);
              break;
            }
            case 'proof.code': fireEvent.change(dialog().getByLabelText(texts.codeInput), { target: { value: typed.code } }); break;
            case 'proof.submit': {
              const button = dialog().getByRole('button', { name: texts.complete });
              // Held back while something required is missing: the chart is sent the press and must ignore it.
              if (button.hasAttribute('disabled')) actor.send(typed);
              else fireEvent.click(button);
              break;
            }
            case 'proof.retry': fireEvent.click(dialog().getByRole('button', { name: texts.retry })); break;
            case 'proof.cancel': {
              const name = actor.getSnapshot().matches('completed') ? texts.close : texts.cancel;
              fireEvent.click(dialog().getByRole('button', { name }));
              break;
            }
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: () => {
      const shown = screen.queryByRole('dialog');
      expect(shown === null || shown.getAttribute('data-state') === 'closed').toBe(true);
    },
    loading: (snapshot) => {
      expect(dialog().getByText(texts.title(snapshot.context.label))).toBeTruthy();
      expect(dialog().getByRole('status').textContent).toBe(texts.loading);
    },
    failed: (snapshot) => {
      expect(dialog().getByText(snapshot.context.error!.message)).toBeTruthy();
      expect(dialog().getByRole('button', { name: texts.retry })).toBeTruthy();
    },
    editing: (snapshot) => {
      const { required, scans, scanError, signature, photos, error } = snapshot.context;
      // Each part asked for shows with whether it is required; parts that are off are not shown.
      for (const part of ['signature', 'photo', 'barcode', 'code'] as const) {
        const legend = texts.section(PROOF_TEXTS.parts[part], required![part] === 'off' ? '' : texts[required![part] as 'required' | 'optional']);
        expect(Boolean(dialog().queryByText(legend))).toBe(required![part] !== 'off');
      }
      const missing = missingMessage(snapshot.context);
      expect(dialog().getByRole('button', { name: texts.complete }).hasAttribute('disabled')).toBe(missing !== null);
      if (missing) expect(dialog().getByText(missing)).toBeTruthy();
      if (scanError) expect(dialog().getByRole('alert').textContent).toBe(scanError);
      for (const code of scans) expect(dialog().getByText(`✓ ${texts.scanned(code)}`)).toBeTruthy();
      if (signature?.method === 'typed') expect((dialog().getByLabelText(texts.typedName) as HTMLInputElement).value).toBe(signature.value);
      if (signature?.method === 'drawn') expect(dialog().getByText(texts.signed)).toBeTruthy();
      if (photos.length > 0) expect(dialog().getByText(texts.photoCount(photos.length))).toBeTruthy();
      // The photo input takes a file while there is room (three at most), as the chart does; it sends nothing when no
      // file is chosen, and the chart refuses a photo without one (roomForPhoto).
      if (required!.photo !== 'off') {
        const room = photos.length < MAX_PROOF_PHOTOS;
        expect((dialog().getByLabelText(texts.photoInput) as HTMLInputElement).disabled).toBe(!room);
        expect(chartCan(chart, snapshot, { type: 'proof.photo', file: new Blob(['photo'], { type: 'image/jpeg' }) })).toBe(room);
      }
      expect(chartCan(chart, snapshot, { type: 'proof.photo' })).toBe(false);
      if (error) expect(dialog().getByText(error.message)).toBeTruthy();
    },
    uploading: () => {
      expect(dialog().getByText(texts.uploading)).toBeTruthy();
      expect(dialog().getByRole('button', { name: texts.complete }).hasAttribute('disabled')).toBe(true);
    },
    completing: () => {
      expect(dialog().getByText(texts.completing)).toBeTruthy();
      expect(dialog().getByRole('button', { name: texts.complete }).hasAttribute('disabled')).toBe(true);
    },
    completed: (snapshot) => {
      expect(dialog().getByRole('status').textContent).toBe(texts.completed);
      // Told once, after the server accepted it.
      expect(completed).toEqual([snapshot.context.taskId]);
    },
  },
});
