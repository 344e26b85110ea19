/** The style of the header's text buttons (white on the primary colour). */
export const headerButton = { variant: 'ghost', color: 'white', size: 'sm', _hover: { bg: 'whiteAlpha.200' } } as const;
