/** Columns of uploaded sheets (rate and delivery uploads): headers are matched without case, spaces or punctuation. */
export interface SheetColumn {
  field: string;
  /** The header written when the rows are given back as a sheet. */
  header: string;
  /** Header texts accepted, normalised. */
  aliases: readonly string[];
  required: boolean;
}

export const normalisedHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
