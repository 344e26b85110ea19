import type { components } from '../../api/generated/connect';
import type { ApiError } from '../../api/api-error';

/** A parcel as the delivery edit screen reads it (getdelivery's deliveryItems). */
export type DeliveryParcel = components['schemas']['DeliveryAdminParcel'];

/** A parcel row while it is edited: the inputs' text, so a half-typed number is kept as typed. */
export interface ParcelDraft {
  id: number;
  name: string;
  parcelTypeId: number | null;
  deliveryItemName: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  description: string;
  barCode: string;
  isFragile: boolean;
}

export type ParcelField = Exclude<keyof ParcelDraft, 'id' | 'name' | 'parcelTypeId'>;

export interface DeliveryParcelsInput {
  cca2: string;
  id: number;
  /** The delivery's version (updateparceldetails refuses an old one with 409). */
  xmin: string;
  parcels: DeliveryParcel[];
}

export interface DeliveryParcelsContext extends DeliveryParcelsInput {
  drafts: ParcelDraft[];
  /** Keyed deliveryItems.{i}.{field}, the booking rules' and the server's keys. */
  errors: Record<string, string>;
  error: ApiError | undefined;
}

export type DeliveryParcelsEvent =
  | { type: 'parcels.edit' }
  | { type: 'parcels.change'; index: number; field: ParcelField; value: string | boolean }
  | { type: 'parcels.cancel' }
  | { type: 'parcels.save' }
  | { type: 'parcels.dismiss' };

/** The screen reads the delivery again after a save (new version, new parcels). */
export type DeliveryParcelsEmitted = { type: 'parcels.saved' };

export interface SaveParcelsInput { cca2: string; id: number; xmin: string; drafts: ParcelDraft[] }

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface DeliveryParcelsSchema {
  input: DeliveryParcelsInput;
  context: DeliveryParcelsContext;
  events: DeliveryParcelsEvent;
  emitted: DeliveryParcelsEmitted;
}
