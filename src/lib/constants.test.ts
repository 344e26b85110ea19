import { describe, it, expect } from 'vitest';
import {
  APP_VERSION,
  CUSTOM_PARCEL_TYPE_ID,
  CUSTOMER_TIERS,
  DATE_FORMATS,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_DECIMALS,
  DEFAULT_DELIVERY_TIME,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TIME_ZONE,
  DELETE_RELOAD_DELAY_MS,
  DIALOG_WIDTHS,
  EARTH_RADIUS_KM,
  ERROR_RELOAD_COUNTDOWN_MS,
  EXPORT_FILE_NAMES,
  EXPORT_MIME_TYPE,
  HOLIDAY_FILTERS,
  IDLE_PROMPT_BEFORE_MS,
  IDLE_SYNC_MS,
  IDLE_TIMEOUT_MS,
  JOB_LIST_PAGE_SIZE,
  MAP_DEFAULT_CENTER,
  MAP_ZOOM,
  MAX_PAGE_SIZE,
  MIN_PARCEL_DIMENSION,
  MIN_SEARCH_LENGTH,
  PAGE_SIZE_OPTIONS,
  PARCEL_LIST_MAX_HEIGHT_PX,
  QUOTE_COUNTDOWN_MS,
  RATING_LABELS,
  REFRESH_TIME_MS,
  REPORT_TYPES,
  RETRY_INTERVAL_MS,
  RETRY_MAX_ATTEMPTS,
  SCHEDULED_DAYS,
  SEARCH_DEBOUNCE_MS,
  SERVICE_LEVELS,
  STORAGE_KEYS,
  STORE_LIST_PAGE_SIZE,
  THEME,
  TOKEN_REFRESH_MARGIN_S,
  VEHICLE_TYPES,
  WIZARD_DIALOG,
  WIZARD_STEPS,
  customerTier,
  transactionItemsExportName,
} from './constants';
import { DateTime } from 'luxon';

describe('constants from the specs', () => {
  it('timers and limits', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(MIN_SEARCH_LENGTH).toBe(3);
    expect(TOKEN_REFRESH_MARGIN_S).toBe(300);
    expect(RETRY_INTERVAL_MS).toBe(1500);
    expect(RETRY_MAX_ATTEMPTS).toBe(30);
    expect(IDLE_TIMEOUT_MS).toBe(3_600_000);
    expect(IDLE_PROMPT_BEFORE_MS).toBe(180_000);
    expect(IDLE_SYNC_MS).toBe(500);
    expect(ERROR_RELOAD_COUNTDOWN_MS).toBe(30_000);
    expect(REFRESH_TIME_MS).toBe(15_000);
    expect(QUOTE_COUNTDOWN_MS).toBe(30_000);
    expect(DELETE_RELOAD_DELAY_MS).toBe(2000);
  });

  it('paging', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([20, 50, 100, 200, 500]);
    expect(MAX_PAGE_SIZE).toBe(5000);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(STORE_LIST_PAGE_SIZE).toBe(2000);
    expect(JOB_LIST_PAGE_SIZE).toBe(200);
  });

  it('portal defaults and version', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Africa/Johannesburg');
    expect(DEFAULT_COUNTRY).toBe('ZA');
    expect(DEFAULT_CURRENCY).toBe('ZAR');
    expect(DEFAULT_CURRENCY_DECIMALS).toBe(2);
    expect(APP_VERSION).toBe('3.0.2558');
  });

  it('storage keys', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual(
      expect.arrayContaining(['jwtToken', 'refreshToken', 'mainLogin', 'mainToken', 'mainUser']),
    );
    expect(STORAGE_KEYS).toHaveProperty('jobsPageSize');
    expect(STORAGE_KEYS).toHaveProperty('driversPageSize');
    expect(STORAGE_KEYS).toHaveProperty('deliveriesPageSize');
  });

  it('date formats are luxon tokens producing the spec layouts', () => {
    const dt = DateTime.fromISO('2024-03-04T15:07:09', { zone: 'utc' }).setLocale('en');
    expect(dt.toFormat(DATE_FORMATS.isoLocal)).toBe('2024-03-04T15:07:09');
    expect(dt.toFormat(DATE_FORMATS.date)).toBe('2024-03-04');
    expect(dt.toFormat(DATE_FORMATS.time)).toBe('15:07');
    expect(dt.toFormat(DATE_FORMATS.dateTime)).toBe('04-03-2024 15:07');
    expect(dt.toFormat(DATE_FORMATS.displayDate)).toBe('04-03-2024');
    expect(dt.toFormat(DATE_FORMATS.time12)).toBe('3:07 PM');
  });

  it('theme, dialogs and map', () => {
    expect(THEME.primary).toBe('#444444');
    expect(THEME.secondary).toBe('#EA3659');
    expect(THEME.headerHeight).toBe(69);
    expect(Object.values(THEME.containerMaxWidths)).toEqual([540, 720, 960, 1140]);
    expect(Object.values(THEME.breakpoints)).toEqual([576, 768, 992, 1200]);
    expect(DIALOG_WIDTHS).toEqual({ default: 350, sm: 600, md: 960 });
    expect(WIZARD_DIALOG).toEqual({ maxWidth: 780, minHeight: 540 });
    expect(MAP_DEFAULT_CENTER).toEqual({ lat: -33.9249, lon: 18.4241 });
    expect(Object.values(MAP_ZOOM)).toEqual([9, 7]);
    expect(EARTH_RADIUS_KM).toBe(6371);
  });

  it('booking wizard', () => {
    expect(WIZARD_STEPS).toEqual(['Delivery', 'Parcels', 'Quotes', 'Details', 'Accept', 'Pay']);
    expect(DEFAULT_DELIVERY_TIME).toBe('02:00');
    expect(MIN_PARCEL_DIMENSION).toBe(0.01);
    expect(CUSTOM_PARCEL_TYPE_ID).toBe(4);
    expect(PARCEL_LIST_MAX_HEIGHT_PX).toBe(260);
    expect(SERVICE_LEVELS).toEqual({
      Standard: 'Flexible',
      Priority: 'Precise',
      Hyperlocal: 'Near',
      'Emergency Relief': 'Free',
    });
    expect(VEHICLE_TYPES.halfTonBakkie).toEqual([31, 32]);
    expect(VEHICLE_TYPES.oneTonBakkie).toEqual([41, 42]);
    expect(VEHICLE_TYPES.flatbed).toEqual([51]);
    expect(VEHICLE_TYPES.motorcycle).toEqual([10]);
    expect(VEHICLE_TYPES.sedan).toEqual([20]);
  });

  it('ratings, tiers, reports, filters', () => {
    expect(RATING_LABELS).toEqual({ 1: 'Useless', 2: 'Poor', 3: 'Ok', 4: 'Good', 5: 'Excellent' });
    expect(CUSTOMER_TIERS.map((t) => t.name)).toEqual(['Casual', 'Occasional', 'Regular', 'Super-user']);
    expect(customerTier(0)).toBe('Casual');
    expect(customerTier(49)).toBe('Casual');
    expect(customerTier(50)).toBe('Occasional');
    expect(customerTier(499)).toBe('Occasional');
    expect(customerTier(500)).toBe('Regular');
    expect(customerTier(2999)).toBe('Regular');
    expect(customerTier(3000)).toBe('Super-user');
    expect(REPORT_TYPES.customerDeliveries).toBe(1);
    expect(REPORT_TYPES.serviceLevels).toBe(4);
    expect(REPORT_TYPES.driverPerformance).toBe(9);
    expect(SCHEDULED_DAYS[0]).toBe('Monday');
    expect(SCHEDULED_DAYS[6]).toBe('Sunday');
    expect(HOLIDAY_FILTERS).toEqual(['None', 'All', 'Saturdays', 'Sundays']);
  });

  it('exports', () => {
    expect(EXPORT_MIME_TYPE).toBe('application/ms-excel');
    const names = Object.values(EXPORT_FILE_NAMES);
    expect(names).toHaveLength(31);
    expect(names).toEqual(
      expect.arrayContaining([
        'Customer Deliveries',
        'Driver Auto Assign Efficiency',
        'BankAccounts',
        'MobileDevices',
        'Territory Areas',
        'Driver_Visibility_Report',
        'JobRoutes',
      ]),
    );
    expect(transactionItemsExportName(42)).toBe('Transaction Id 42');
  });
});
