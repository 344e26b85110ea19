import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, badgeRecipe, buttonRecipe, cssVarsPrefix, cssVarsRoot, fieldSlotRecipe, globalCss, headingRecipe,
  inputRecipe, keyframes, layerStyles, linkRecipe, nativeSelectSlotRecipe, semanticTokens, spinnerRecipe, textStyles, tokens,
} from '@chakra-ui/react/theme';
import { THEME } from '../lib/shell-constants';

const px = (value: number) => `${value}px`;

/** The one look of a field's error (FieldError, Field.ErrorText, a helper text that is an alert). */
export const FIELD_ERROR_STYLE = { textStyle: 'sm', fontWeight: 'medium', color: 'fg.error' } as const;

/**
 * Chakra's tokens with only the recipes of the components the first screens use (the shell, the lists and their
 * filters), so the first load stays inside its budget (bench/budgets.json): every page loads this system.
 * A component only a lazily loaded screen uses gets its recipe where it is used (`recipe={dialogSlotRecipe}`, Chakra's
 * recipe prop), so the recipe comes with the screen's chunk. theme-recipes.test.ts fails when a Chakra component with a
 * recipe in Chakra's default config is used with neither.
 */
const baseTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: { badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, link: linkRecipe, spinner: spinnerRecipe, input: inputRecipe },
    slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe },
  },
});

/** The spec's theme (000 section 9): primary #444444, secondary #EA3659, header 69 px, container widths per breakpoint. */
export const system = createSystem(
  mergeConfigs(defaultBaseConfig, baseTheme),
  defineConfig({
    theme: {
      breakpoints: {
        sm: px(THEME.breakpoints.sm),
        md: px(THEME.breakpoints.md),
        lg: px(THEME.breakpoints.lg),
        xl: px(THEME.breakpoints.xl),
      },
      recipes: {
        // One primary action style (the spec's secondary colour, #EA3659, darkened for white text): a solid button is the brand's unless
        // a screen asks for another palette; outline and ghost buttons stay neutral.
        button: { variants: { variant: { solid: { colorPalette: 'brand' } } } },
      },
      slotRecipes: {
        // Field errors in one size and colour, whichever part a form shows them in.
        field: { slots: fieldSlotRecipe.slots, base: { errorText: FIELD_ERROR_STYLE, helperText: { '&[role=alert]': FIELD_ERROR_STYLE } } },
      },
      tokens: {
        colors: {
          primary: { value: THEME.primary },
          secondary: { value: THEME.secondary },
          secondarySolid: { value: THEME.secondarySolid },
        },
        sizes: {
          header: { value: px(THEME.headerHeight) },
          'container.sm': { value: px(THEME.containerMaxWidths.sm) },
          'container.md': { value: px(THEME.containerMaxWidths.md) },
          'container.lg': { value: px(THEME.containerMaxWidths.lg) },
          'container.xl': { value: px(THEME.containerMaxWidths.xl) },
        },
      },
      semanticTokens: {
        colors: {
          // Nested, so that 'brand' is a colour palette (colorPalette="brand", the solid buttons).
          brand: {
            solid: { value: '{colors.secondarySolid}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.secondary}' },
            muted: { value: '#fbd7de' },
            subtle: { value: '#fdebee' },
            emphasized: { value: '#f7b3c0' },
            focusRing: { value: '{colors.secondary}' },
          },
        },
      },
    },
  }),
);

/** Container max width at each breakpoint, as a responsive style value. */
export const containerMaxWidth = {
  base: '100%',
  sm: px(THEME.containerMaxWidths.sm),
  md: px(THEME.containerMaxWidths.md),
  lg: px(THEME.containerMaxWidths.lg),
  xl: px(THEME.containerMaxWidths.xl),
} as const;
