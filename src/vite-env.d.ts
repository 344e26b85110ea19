/// <reference types="vite/client" />

/** ISO time of the build, shown in the drawer. */
declare const __BUILD_TIME__: string;

interface ImportMetaEnv {
  readonly VITE_IDENTITY_URL?: string;
  readonly VITE_CONNECT_URL?: string;
  readonly VITE_DEFAULT_PORTAL?: string;
  /** Raster tiles for the maps (`https://…/{z}/{x}/{y}.png`); none by default: the maps draw offline. */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}
