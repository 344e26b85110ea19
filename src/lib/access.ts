import { COMPANY_ROLES, hasAnyRole, roleFlag, STAFF_ROLES, STORE_ROLES, type Permissions, type Role } from './roles';
import { EXCEPTIONS_REPORT_COMPANY_IDS } from './shell-constants';

/**
 * Who may call each API operation, keyed by operationId. The server refuses any operation missing here
 * (deny by default) and the router will read the same table for guards and menus.
 * 'public' needs no token; 'signedIn' any valid token; a role list needs one of those roles, and
 * `select` widens it for the searchable-select variant of a list (select=true).
 */
export type OperationRule = 'public' | 'signedIn' | { roles: readonly Role[]; select?: readonly Role[] };

/** Who books and pays (001 sections 1 and 6): every signed-in user as a normal user, plus the staff, company and store roles. */
const BOOKING_CUSTOMERS = ['NormalUser', ...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES] as const satisfies readonly Role[];
/** Accounts and their transactions (000 section 6): any normal user's own, and the Finance menu's audience (partners too). */
const FINANCE_READERS = [...BOOKING_CUSTOMERS, 'Partner'] as const satisfies readonly Role[];

// ---- Live operations (issue 5) ----
/** Who carries out jobs: they act on the jobs assigned to them only. */
const OPS_FIELD_ROLES = ['Partner', 'Driver', 'Assistant'] as const satisfies readonly Role[];
/** Jobs list and job deliveries (000 section 6) plus company admin/operator of /dashboard/{id}. */
const OPS_JOB_READERS = [...STAFF_ROLES, ...OPS_FIELD_ROLES, 'CompanyAdministrator', 'CompanyOperator'] as const satisfies readonly Role[];
/** Job edit: administrator, management operator. */
const OPS_JOB_EDITORS = ['Administrator', 'ManagementOperator'] as const satisfies readonly Role[];
/** Task calls: the field roles on their own jobs, staff on anyone's. */
const MESSAGING_ROLES = [...STAFF_ROLES, 'Partner', 'Driver'] as const satisfies readonly Role[];
/** Withdrawals and advances (000 section 6): who requests them and sees their own; staff decide. */
const PAYOUT_REQUESTERS = ['Administrator', 'ManagementOperator', 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator', 'Partner'] as const satisfies readonly Role[];
const OPS_TASK_ACTORS = [...STAFF_ROLES, ...OPS_FIELD_ROLES] as const satisfies readonly Role[];

export const OPERATION_ACCESS = {
  getCountry: 'public',
  logFrontendError: 'public',
  // Identity (000 section 7). Sign-in steps are public; the rest act on the caller's own account.
  register: 'public',
  login: 'public',
  refreshToken: 'public',
  // Public so that a session whose access token already expired can still end itself.
  logout: 'public',
  impersonate: { roles: ['Administrator'] },
  stopImpersonation: 'signedIn',
  changePassword: 'signedIn',
  forgotPassword: 'public',
  resetPassword: 'public',
  changeEmail: 'signedIn',
  twoFactorVerify: 'public',
  twoFactorResend: 'public',
  twoFactorSend: 'signedIn',
  twoFactorEnable: 'signedIn',
  twoFactorDisable: 'signedIn',
  emailVerificationSend: 'signedIn',
  emailVerificationConfirm: 'signedIn',
  phoneNumberVerificationSend: 'signedIn',
  phoneNumberVerificationConfirm: 'signedIn',
  externalProviders: 'public',
  externalAuthorize: 'public',
  externalLogin: 'public',
  listPasskeys: 'signedIn',
  deletePasskey: 'signedIn',
  passkeyRegistrationOptions: 'signedIn',
  passkeyRegistrationVerify: 'signedIn',
  passkeyLoginOptions: 'public',
  passkeyLogin: 'public',
  // Public API keys belong to API users (webhooks: administrator, public API user).
  createApiKey: { roles: ['Administrator', 'PublicApiUser'] },
  getApiKey: 'signedIn',
  getProfile: 'signedIn',
  updateProfile: 'signedIn',
  // The users screen (administrator, management operator, staff operator) creates users.
  createProfile: { roles: [...STAFF_ROLES] },
  getOutbox: { roles: ['Administrator'] },
  uploadProfilePicture: 'signedIn',
  getProfilePicture: 'signedIn',
  getcompanies: {
    roles: [...STAFF_ROLES],
    // Company roles pick their own company in filters and the booking wizard.
    select: [...STAFF_ROLES, ...COMPANY_ROLES],
  },
  getstores: {
    // 000 section 6: stores list — administrator, management, staff, company administrator, store admin/operator.
    roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'],
    // 001 section 2: anyone with a company or store role gets the stores list loaded.
    select: [...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES],
  },
  // ---- Back-office lists (issue 6): companies and stores (000 section 6, 002 sections 6 and 7) ----
  // Companies screens: administrator, management operator, staff operator.
  getcompany: { roles: [...STAFF_ROLES] },
  createcompany: { roles: [...STAFF_ROLES] },
  updatecompany: { roles: [...STAFF_ROLES] },
  // Store edit: the stores list roles; rows outside the caller's company or store are 404 (server/domain/scope.ts).
  getstore: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  updatestore: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  // Store add: administrator, management, staff. Delete: the spec names no roles; ours, the same as add.
  createstore: { roles: [...STAFF_ROLES] },
  deletestores: { roles: [...STAFF_ROLES] },
  // ---- Booking and payment (issue 4, 001 sections 6 and 7). Customers: normal users, company and store users,
  // administrators (and the other staff, who book on behalf of customers). Rows are scoped to the token server-side.
  createquotes: { roles: BOOKING_CUSTOMERS },
  getquotes: { roles: BOOKING_CUSTOMERS },
  updatequotes: { roles: BOOKING_CUSTOMERS },
  selectquote: { roles: BOOKING_CUSTOMERS },
  settimeslot: { roles: BOOKING_CUSTOMERS },
  updateparcel: { roles: BOOKING_CUSTOMERS },
  // Parcel edits after booking: the delivery edit roles (000 section 6); the status rule is the server's.
  updateparceldetails: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  updateorigindetails: { roles: BOOKING_CUSTOMERS },
  updatedestinationdetails: { roles: BOOKING_CUSTOMERS },
  updateadditionaldetails: { roles: BOOKING_CUSTOMERS },
  updatecontactinformation: { roles: BOOKING_CUSTOMERS },
  acceptquote: { roles: BOOKING_CUSTOMERS },
  selectaccount: { roles: BOOKING_CUSTOMERS },
  payByBalance: { roles: BOOKING_CUSTOMERS },
  payBySavedCard: { roles: BOOKING_CUSTOMERS },
  paymentCheckout: { roles: BOOKING_CUSTOMERS },
  processCardPayment: { roles: BOOKING_CUSTOMERS },
  paymentfailed: { roles: BOOKING_CUSTOMERS },
  cancelquote: { roles: BOOKING_CUSTOMERS },
  // Issue 21: the receipt of a paid delivery, scoped like its quote.
  getreceipt: { roles: BOOKING_CUSTOMERS },
  reattempt: { roles: BOOKING_CUSTOMERS },
  clone: { roles: BOOKING_CUSTOMERS },
  getaccounts: { roles: FINANCE_READERS, select: BOOKING_CUSTOMERS },
  getaccounttransactions: { roles: FINANCE_READERS },
  gettransactionitems: { roles: FINANCE_READERS },
  getaccount: { roles: BOOKING_CUSTOMERS },
  getpaymentcards: { roles: BOOKING_CUSTOMERS },
  deletepaymentcard: { roles: BOOKING_CUSTOMERS },
  getAvailableDates: { roles: BOOKING_CUSTOMERS },
  getavailabledates: { roles: BOOKING_CUSTOMERS },
  getAvailableTimeSlots: { roles: BOOKING_CUSTOMERS },
  getavailabletimeslots: { roles: BOOKING_CUSTOMERS },
  getparceltypes: { roles: BOOKING_CUSTOMERS },
  getcontacttypes: { roles: BOOKING_CUSTOMERS },
  // Addresses: the booking wizard and the back office's address selects (stores, hubs) both search them.
  searchaddresses: 'signedIn',
  resolveaddress: 'signedIn',
  // ---- Territories (issue 6): territories, areas, exceptions, permissions, point-in-polygon (000/002 section 6:
  // administrator only) ----
  getTerritoryPermissions: { roles: ['Administrator'] },
  createTerritoryPermission: { roles: ['Administrator'] },
  deleteTerritoryPermission: { roles: ['Administrator'] },
  getterritories: { roles: ['Administrator'] },
  createterritory: { roles: ['Administrator'] },
  deleteterritories: { roles: ['Administrator'] },
  getterritory: { roles: ['Administrator'] },
  updateterritory: { roles: ['Administrator'] },
  getterritoryareas: { roles: ['Administrator'] },
  createterritoryarea: { roles: ['Administrator'] },
  deleteterritoryareas: { roles: ['Administrator'] },
  getterritoryarea: { roles: ['Administrator'] },
  updateterritoryarea: { roles: ['Administrator'] },
  searchpolygon: { roles: ['Administrator'] },
  getterritoryplaces: { roles: ['Administrator'] },
  // ---- My deliveries (issue 4): /dashboard of a customer who may not read the deliveries list. Every signed-in
  // user sees only the deliveries they placed (the server filters by the token's user). ----
  getmydeliveries: 'signedIn',
  // ---- Public tracking (000 section 2: /track/:hash). No sign-in: the unguessable tracking hash is the capability;
  // the answer carries no contact names, phone numbers or emails. ----
  gettracking: 'public',
  // ---- The public face (issue 19): the price calculator, track-order and the rating page. No sign-in; the server
  // limits them per client address (server/http/load-limits.ts). ----
  publicplaces: 'public',
  publicparceltypes: 'public',
  publicprice: 'public',
  trackorder: 'public',
  getratingform: 'public',
  ratedelivery: 'public',
  // The contact form (issue 19): anyone sends; staff read the messages and mark them answered.
  sendcontactmessage: 'public',
  getcontactmessages: { roles: [...STAFF_ROLES] },
  answercontactmessages: { roles: [...STAFF_ROLES] },
  // ---- Back office: deliveries (issue 6; 000/002 section 6). Rows are scoped to the token's company or store. ----
  // Deliveries list: "all staff, company and store roles (not driver, partner, assistant, normal user)".
  getdeliveries: { roles: [...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES] },
  // Delivery edit and its actions: administrator, management, staff, company admin/operator, store admin/operator.
  getdelivery: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  updatedelivery: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  canceldelivery: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  cancelandreturntosender: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  recalculateparcels: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  updatedeliveryproof: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  bulkUpdateDeliveryDate: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  // Ours (the spec names no roles): moving a delivery along the logistics chart and re-measuring it is the
  // operators' work; deleting deliveries too.
  recalculatelogistics: { roles: [...STAFF_ROLES] },
  reverseLogisticStatus: { roles: [...STAFF_ROLES] },
  deletedeliveries: { roles: [...STAFF_ROLES] },
  // Archives (000 section 6: "admin, management, staff, partner, company, store operator"); rows scoped as the list's.
  getarchiveddeliveries: { roles: [...STAFF_ROLES, 'Partner', ...COMPANY_ROLES, 'StoreOperator'] },
  // Issue 17: the partners' archives; staff every partner's, a partner its own drivers' work.
  getarchivedpartnerdeliveries: { roles: [...STAFF_ROLES, 'Partner'] },
  getarchivedpartnerjobs: { roles: [...STAFF_ROLES, 'Partner'] },
  // Reports (issue 17): any signed-in user may call; the report's own screen rule (ROUTE_ACCESS, by its path in
  // src/lib/reports.ts) decides per report, so the table stays the one place that says who sees what.
  getreport: 'signedIn',
  // Scheduled reports (002 section 6: administrator, management operator).
  getscheduledreports: { roles: ['Administrator', 'ManagementOperator'] },
  createscheduledreport: { roles: ['Administrator', 'ManagementOperator'] },
  deletescheduledreports: { roles: ['Administrator', 'ManagementOperator'] },
  getscheduledreport: { roles: ['Administrator', 'ManagementOperator'] },
  updatescheduledreport: { roles: ['Administrator', 'ManagementOperator'] },
  getscheduledreportruns: { roles: ['Administrator', 'ManagementOperator'] },
  runscheduledreport: { roles: ['Administrator', 'ManagementOperator'] },
  getscheduledreportrunfile: { roles: ['Administrator', 'ManagementOperator'] },
  // ---- Integrations (issue 6): webhooks (administrator, public API user; an API user its company's only) and
  // API clients (administrator) — 000/002 section 6 ----
  getwebhooks: { roles: ['Administrator', 'PublicApiUser'] },
  createwebhook: { roles: ['Administrator', 'PublicApiUser'] },
  getwebhook: { roles: ['Administrator', 'PublicApiUser'] },
  updatewebhook: { roles: ['Administrator', 'PublicApiUser'] },
  deletewebhook: { roles: ['Administrator', 'PublicApiUser'] },
  getwebhookattempts: { roles: ['Administrator', 'PublicApiUser'] },
  testwebhook: { roles: ['Administrator', 'PublicApiUser'] },
  rotatewebhooksecret: { roles: ['Administrator', 'PublicApiUser'] },
  getapiclients: { roles: ['Administrator'] },
  createapiclient: { roles: ['Administrator'] },
  getapiclient: { roles: ['Administrator'] },
  updateapiclient: { roles: ['Administrator'] },
  regenerateapiclientkey: { roles: ['Administrator'] },
  // ---- Live operations (issue 5): jobs, tasks, drivers, web notifications (000/002 section 6) ----
  // Reading jobs: the jobs list roles plus the company roles of /dashboard/{id} (rows narrowed server-side: company
  // roles see their company's jobs, partners, drivers and assistants the jobs assigned to them).
  getjobs: { roles: OPS_JOB_READERS },
  getjob: { roles: OPS_JOB_READERS },
  gettasks: { roles: OPS_JOB_READERS },
  gettaskstate: { roles: OPS_JOB_READERS },
  jobRoute: { roles: OPS_JOB_READERS },
  jobSummary: { roles: OPS_JOB_READERS },
  // Job edit (administrator, management operator): composing and dispatching jobs.
  createjob: { roles: OPS_JOB_EDITORS },
  assignjobstodriver: { roles: OPS_JOB_EDITORS },
  getjobdriverdistance: { roles: OPS_JOB_EDITORS },
  // Issue 20: the drivers to pick from when assigning, nearest available first.
  getjobdrivercandidates: { roles: OPS_JOB_EDITORS },
  // Issue 20: the Jobs export of /jobs (read roles; rows narrowed by scope as the list is).
  exportjobs: { roles: OPS_JOB_READERS },
  // Issue 20: the deliveries a job can be built from (job editors).
  getjobreadydeliveries: { roles: OPS_JOB_EDITORS },
  // Issue 20, auto-dispatch: run once for a territory, leave it on, read why a job was assigned (job editors: a
  // partner does not dispatch other partners' drivers, and the drivers of a territory are not narrowed by partner).
  runautodispatch: { roles: OPS_JOB_EDITORS },
  getautodispatchsettings: { roles: OPS_JOB_EDITORS },
  updateautodispatchsetting: { roles: OPS_JOB_EDITORS },
  getjobautodispatch: { roles: OPS_JOB_EDITORS },
  unassigndriverfromjob: { roles: OPS_JOB_EDITORS },
  adddeliveriestojob: { roles: OPS_JOB_EDITORS },
  removedeliveryfromjob: { roles: OPS_JOB_EDITORS },
  // Issue 20: the task wizard adds a stop to a job (job editors).
  addtasktojob: { roles: OPS_JOB_EDITORS },
  // Issue 20: the messaging window, dispatchers (staff) with drivers; a driver or partner only in their own conversation.
  getconversations: { roles: MESSAGING_ROLES },
  getconversationmessages: { roles: MESSAGING_ROLES },
  sendconversationmessage: { roles: MESSAGING_ROLES },
  markconversationread: { roles: MESSAGING_ROLES },
  // The chat widget (issue 19): visitors by their conversation's token; the operators answer.
  startvisitorchat: 'public',
  getvisitorchat: 'public',
  sendvisitorchatmessage: 'public',
  getvisitorconversation: { roles: [...STAFF_ROLES] },
  replyvisitorconversation: { roles: [...STAFF_ROLES] },
  // Issue 20: the deposit modal — dispatchers record a driver's cash deposit; a driver reads their own.
  getdriverdeposits: { roles: MESSAGING_ROLES },
  recorddriverdeposit: { roles: OPS_JOB_EDITORS },
  reverseJobStatus: { roles: OPS_JOB_EDITORS },
  // Issue 20: proof of delivery — staff set any company's, a company administrator its own (company operators read it).
  getproofofdeliverysettings: { roles: [...OPS_JOB_EDITORS, 'CompanyAdministrator', 'CompanyOperator'] },
  saveproofofdeliverysetting: { roles: [...OPS_JOB_EDITORS, 'CompanyAdministrator'] },
  // Proof of delivery (issue 20, f-pod): the driver's photo upload is a task call; the proof pack is read like the delivery.
  uploadproofphoto: { roles: OPS_TASK_ACTORS },
  getdeliveryproof: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  getdeliveryproofpdf: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'] },
  // Working a job: the assigned partner, driver or assistant (own jobs only), or staff on their behalf.
  startjob: { roles: OPS_TASK_ACTORS },
  rejectjob: { roles: OPS_FIELD_ROLES },
  notifyJobDelay: { roles: OPS_TASK_ACTORS },
  starttask: { roles: OPS_TASK_ACTORS },
  arrived: { roles: OPS_TASK_ACTORS },
  completepickup: { roles: OPS_TASK_ACTORS },
  completedropoff: { roles: OPS_TASK_ACTORS },
  exceptionpickup: { roles: OPS_TASK_ACTORS },
  exceptiondropoff: { roles: OPS_TASK_ACTORS },
  // Cost and route export: staff (finance and dispatch).
  jobcost: { roles: [...STAFF_ROLES] },
  exportjobroutes: { roles: [...STAFF_ROLES] },
  // Drivers: the dashboard's roles; field roles read and update only themselves.
  getdrivers: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator'] },
  getdriver: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', ...OPS_FIELD_ROLES] },
  updatedriverlocation: { roles: OPS_FIELD_ROLES },
  updatedriveravailability: { roles: OPS_FIELD_ROLES },
  // Web notifications: everyone their own.
  getwebnotifications: 'signedIn',
  getwebnotificationtypes: 'signedIn',
  markwebnotificationread: 'signedIn',
  // ---- Rates (issue 16; 000 section 2): the price list, administrator, management, staff. ----
  getrates: { roles: [...STAFF_ROLES] },
  getrate: { roles: [...STAFF_ROLES] },
  createrate: { roles: [...STAFF_ROLES] },
  updaterate: { roles: [...STAFF_ROLES] },
  getcompanyactiverates: { roles: [...STAFF_ROLES] },
  // ---- Rate upload batches (issue 16; 002 sections 2, 4, 5): staff; the upload statuses are a catalogue. ----
  getratebatches: { roles: [...STAFF_ROLES] },
  getratebatch: { roles: [...STAFF_ROLES] },
  getratebatchimpact: { roles: [...STAFF_ROLES] },
  uploadratesheet: { roles: [...STAFF_ROLES] },
  deleteratebatches: { roles: [...STAFF_ROLES] },
  submitratebatch: { roles: [...STAFF_ROLES] },
  getrateuploads: { roles: [...STAFF_ROLES] },
  getrateupload: { roles: [...STAFF_ROLES] },
  updaterateupload: { roles: [...STAFF_ROLES] },
  cancelrateupload: { roles: [...STAFF_ROLES] },
  // ---- Delivery upload batches (issue 16): the store batches' roles (000 section 6); a store's staff see only its batches. ----
  getdeliverybatches: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  uploaddeliverysheet: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getdeliverybatch: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  submitdeliverybatch: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getdeliveryuploads: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getdeliveryupload: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  updatedeliveryupload: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  canceldeliveryupload: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getuploadstatuses: 'signedIn',
  // ---- Index management (issue 16; /admin/indexmanagement is administrator only, 000 section 6) ----
  getindexes: { roles: ['Administrator'] },
  maintainindex: { roles: ['Administrator'] },
  // ---- Store upload batches (issue 16): the store batches' roles (000 section 6); only staff add stores, others change theirs. ----
  getstorebatches: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  uploadstoresheet: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getstorebatch: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  submitstorebatch: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getstoreuploads: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  getstoreupload: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  updatestoreupload: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  cancelstoreupload: { roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'] },
  // ---- Distance discovery (issue 16; 000 section 6): administrator only. ----
  getdistancebatches: { roles: ['Administrator'] },
  uploaddistancesheet: { roles: ['Administrator'] },
  getdistancebatch: { roles: ['Administrator'] },
  submitdistancebatch: { roles: ['Administrator'] },
  getdistanceuploads: { roles: ['Administrator'] },
  // ---- Fleet (issue 6, session 5; 000/002 section 6): vehicles and mobile devices administrator, management,
  // staff; hubs administrator only. Notify also needs the beta permission (checked by the handler); deleting
  // devices needs administrator.
  getvehicles: { roles: [...STAFF_ROLES] },
  getvehicle: { roles: [...STAFF_ROLES] },
  createvehicle: { roles: [...STAFF_ROLES] },
  updatevehicle: { roles: [...STAFF_ROLES] },
  gethubs: { roles: ['Administrator'] },
  gethub: { roles: ['Administrator'] },
  createhub: { roles: ['Administrator'] },
  updatehub: { roles: ['Administrator'] },
  getmobiledevices: { roles: [...STAFF_ROLES] },
  getmobiledeviceowners: { roles: [...STAFF_ROLES] },
  updatemobiledevice: { roles: [...STAFF_ROLES] },
  notifymobiledevice: { roles: [...STAFF_ROLES] },
  deletemobiledevices: { roles: ['Administrator'] },
  // ---- Content (issue 6): announcements and media (000 section 6: administrator, management, staff) ----
  getannouncements: { roles: [...STAFF_ROLES] },
  getannouncement: { roles: [...STAFF_ROLES] },
  createannouncement: { roles: [...STAFF_ROLES] },
  updateannouncement: { roles: [...STAFF_ROLES] },
  deleteannouncements: { roles: [...STAFF_ROLES] },
  // Ours: every signed-in user sees the portal's current announcements as a banner and may close it.
  getcurrentannouncements: 'signedIn',
  dismissannouncement: 'signedIn',
  getmedia: { roles: [...STAFF_ROLES] },
  getmediaitem: { roles: [...STAFF_ROLES] },
  // The image itself is public to the router: its signed, short-lived token (issued by getmedia) is the access check.
  getmediaimage: 'public',
  // ---- Users, ratings, questionnaires (issue 6; 000 section 6): users and ratings administrator, management,
  // staff; questionnaires administrator only. New users: createProfile (identity) above.
  getusers: { roles: [...STAFF_ROLES] },
  getuser: { roles: [...STAFF_ROLES] },
  updateuser: { roles: [...STAFF_ROLES] },
  getratings: { roles: [...STAFF_ROLES] },
  getrating: { roles: [...STAFF_ROLES] },
  createrating: { roles: [...STAFF_ROLES] },
  updaterating: { roles: [...STAFF_ROLES] },
  getquestionnaires: { roles: ['Administrator'] },
  getquestionnaire: { roles: ['Administrator'] },
  createquestionnaire: { roles: ['Administrator'] },
  updatequestionnaire: { roles: ['Administrator'] },
  // ---- Applications to join (issue 18; 000 section 6): any signed-in normal user applies and tracks their own;
  // reviews are administrator, management, staff, and a partner for its own drivers' and vehicles' (scoped in
  // server/domain/applications.ts). Document approval, approve, reject: staff only.
  createapplication: { roles: ['NormalUser'] },
  trackapplications: { roles: ['NormalUser'] },
  getapplication: { roles: ['NormalUser'] },
  updateapplication: { roles: ['NormalUser'] },
  clearapplication: { roles: ['NormalUser'] },
  submitapplication: { roles: ['NormalUser'] },
  uploadapplicationdocument: { roles: ['NormalUser'] },
  deleteapplicationdocument: { roles: ['NormalUser'] },
  getapplicationdocumentfile: { roles: ['NormalUser'] },
  cancelapplication: { roles: ['NormalUser'] },
  getapplications: { roles: [...STAFF_ROLES, 'Partner'] },
  approveapplication: { roles: [...STAFF_ROLES] },
  rejectapplication: { roles: [...STAFF_ROLES] },
  approveapplicationdocument: { roles: [...STAFF_ROLES] },
  rejectapplicationdocument: { roles: [...STAFF_ROLES] },
  getapplicationinvites: { roles: [...STAFF_ROLES, 'Partner'] },
  createdriverapplication: { roles: [...STAFF_ROLES, 'Partner'] },
  updatedriverapplication: { roles: [...STAFF_ROLES, 'Partner'] },
  canceldriverapplication: { roles: [...STAFF_ROLES, 'Partner'] },
  getapplicationinvite: { roles: ['NormalUser'] },
  // ---- Finance (issue 15; 000/002 section 6): account add/edit, bank accounts, withdrawals and advances, funds
  // received. Partners add and edit their own bank accounts from the /bank-accounts list (the add/edit routes stay
  // administrator and management, as the spec's table says); the handler scopes them.
  createaccount: { roles: ['Administrator', 'ManagementOperator'] },
  updateaccount: { roles: ['Administrator', 'ManagementOperator'] },
  getfinanceaccount: { roles: FINANCE_READERS },
  getbankaccounts: { roles: ['Administrator', 'ManagementOperator', 'Partner'], select: [...PAYOUT_REQUESTERS] },
  getbankaccount: { roles: ['Administrator', 'ManagementOperator', 'Partner'] },
  createbankaccount: { roles: ['Administrator', 'ManagementOperator', 'Partner'] },
  updatebankaccount: { roles: ['Administrator', 'ManagementOperator', 'Partner'] },
  getpayoutrequests: { roles: PAYOUT_REQUESTERS },
  requestpayout: { roles: PAYOUT_REQUESTERS },
  completepayoutrequests: { roles: ['Administrator', 'ManagementOperator'] },
  cancelpayoutrequests: { roles: ['Administrator', 'ManagementOperator'] },
  getfundsreceived: { roles: ['Administrator', 'ManagementOperator'] },
  getfundsreceivedone: { roles: ['Administrator', 'ManagementOperator'] },
  createfundsreceived: { roles: ['Administrator', 'ManagementOperator'] },
  updatefundsreceived: { roles: ['Administrator', 'ManagementOperator'] },
  allocatefundsreceived: { roles: ['Administrator', 'ManagementOperator'] },
  // Adjustments (issue 15, f-fin; 002 section 6): administrators and management operators adjust; the job screen's readers read.
  createDeliveryTransactionItem: { roles: ['Administrator', 'ManagementOperator'] },
  createJobTransactionItem: { roles: ['Administrator', 'ManagementOperator'] },
  getJobTransactionItems: { roles: [...STAFF_ROLES] },
} as const satisfies Record<string, OperationRule>;

export type OperationId = keyof typeof OPERATION_ACCESS;

export type AccessDecision = 'allowed' | 'unauthenticated' | 'forbidden';

/** Whether the signed-in user may call an operation: views offer an action only when the server would allow it. */
export function mayCall(operationId: OperationId, permissions: Permissions | null | undefined): boolean {
  return decideOperationAccess(OPERATION_ACCESS[operationId], permissions ?? undefined) === 'allowed';
}

export function decideOperationAccess(
  rule: OperationRule,
  permissions: Permissions | undefined,
  variant: 'default' | 'select' = 'default',
): AccessDecision {
  if (rule === 'public') return 'allowed';
  if (!permissions) return 'unauthenticated';
  if (rule === 'signedIn') return 'allowed';
  // Role-restricted operations apply the routes' unconfirmed-email rule (000 section 6, step 2) too.
  if (refusesUnconfirmedEmail(permissions)) return 'forbidden';
  const roles = variant === 'select' && rule.select ? rule.select : rule.roles;
  return hasAnyRole(permissions, roles) ? 'allowed' : 'forbidden';
}

// ---------------------------------------------------------------------------------------------------------
// Routes (000 sections 2 and 6)
// ---------------------------------------------------------------------------------------------------------

/**
 * Who may open a route. 'public' needs no login. A role rule needs a login and passes the access check of
 * 000 section 6: `ignoreNormalUser` makes the normal-user role count for nothing on this route (neither
 * as a listed role nor as the "plain normal user" exemption for an unconfirmed email), and
 * `companyGrantsExcludeFieldRoles` makes partner, driver and superhero users lose the grants that company
 * roles give them.
 */
export type RouteRule = 'public' | RoleRule;

export interface RoleRule {
  roles: readonly Role[];
  ignoreNormalUser?: boolean;
  companyGrantsExcludeFieldRoles?: boolean;
  /** Company roles grant the rule only to members of these companies (the retailer exceptions report, issue 17). */
  companyIds?: readonly number[];
}

export interface RouteEntry {
  /** react-router path syntax (`:param`, `:param?`). */
  path: string;
  rule: RouteRule;
}

/** Guard outcomes (000 section 2, "Route guard"). */
export type RouteDecision = 'allowed' | 'login' | 'confirmEmail' | 'forbidden';

/** Roles that carry out jobs; the company-grants option strips what company roles give them. */
export const FIELD_ROLES = ['Partner', 'Driver', 'SuperHero'] as const satisfies readonly Role[];

// The rows of the spec's "Access by route" table, named after what they say.
const NORMAL_USER = { roles: ['NormalUser'] } as const satisfies RoleRule;
const ADMINISTRATOR = { roles: ['Administrator'] } as const satisfies RoleRule;
const ADMIN_MANAGEMENT = { roles: ['Administrator', 'ManagementOperator'] } as const satisfies RoleRule;
const STAFF = { roles: STAFF_ROLES } as const satisfies RoleRule;
const DASHBOARD_BY_ID = {
  roles: ['Administrator', 'ManagementOperator', 'CompanyAdministrator', 'CompanyOperator'],
} as const satisfies RoleRule;
const WEBHOOKS = { roles: ['Administrator', 'PublicApiUser'] } as const satisfies RoleRule;
const BANK_ACCOUNTS_LIST = { roles: ['Administrator', 'ManagementOperator', 'Partner'] } as const satisfies RoleRule;
const WITHDRAWALS_ADVANCES = {
  roles: ['Administrator', 'ManagementOperator', 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator', 'Partner'],
} as const satisfies RoleRule;
// "all staff, company and store roles (not driver, partner, assistant, normal user)": partners and drivers
// who also hold a company role lose it here (step 5).
const DELIVERIES_LIST = {
  roles: [...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES],
  companyGrantsExcludeFieldRoles: true,
} as const satisfies RoleRule;
// "same but without partner and driver": the same roles, with the same option.
const DELIVERIES_ADD = DELIVERIES_LIST;
const DELIVERY_EDIT = {
  roles: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator', 'StoreAdministrator', 'StoreOperator'],
} as const satisfies RoleRule;
const JOBS_LIST = { roles: [...STAFF_ROLES, 'Partner', 'Driver', 'Assistant'] } as const satisfies RoleRule;
const JOB_EDIT = ADMIN_MANAGEMENT;
const STORES = {
  roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'],
} as const satisfies RoleRule;
const STORE_ADD = STAFF;
const RATES_BATCHES = STORES;
/** Reports for staff, company and store roles (issue 17): like the deliveries list, field roles lose company grants. */
const REPORTS_COMPANY_STORE = DELIVERIES_LIST;
/** The retailer-specific exceptions report: administrators, management, or company admins/operators of the large retailers. */
const EXCEPTIONS_REPORT = {
  roles: ['Administrator', 'ManagementOperator', 'CompanyAdministrator', 'CompanyOperator'],
  companyIds: EXCEPTIONS_REPORT_COMPANY_IDS,
} as const satisfies RoleRule;

/**
 * /flows (ours): everyone in development builds; administrators and management operators in production.
 * Vite replaces `import.meta.env` at build time; under Node (the server) it is absent: the production rule.
 */
export function flowsRouteRule(development: boolean): RouteRule {
  return development ? 'public' : ADMIN_MANAGEMENT;
}
const FLOWS_ROUTE_RULE = flowsRouteRule(import.meta.env?.DEV === true);

/**
 * Every route of 000 section 2 with its rule (section 6). The router registers each entry in this order;
 * the guard decides with `decideRouteAccess`. The rates batch screens are registered a second time for
 * administrators only, as the spec says; the first registration is the one a path resolves to.
 * Of the ~20 routes named by path constants only /tracking and /identity have a known path: the spec lists
 * them among the authenticated routes without a rule, so they take the signed-in (normal user) rule.
 */
export const ROUTE_ACCESS = [
  // ---- Public ----
  { path: '/', rule: 'public' },
  { path: '/register', rule: 'public' },
  { path: '/login', rule: 'public' },
  { path: '/forgot-password', rule: 'public' },
  { path: '/confirm-password', rule: 'public' },
  { path: '/two-factor', rule: 'public' },
  // Ours: where an external identity provider returns after sign-in (000 section 4, external login).
  { path: '/login/external/callback', rule: 'public' },
  // Ours (issue 6): the archive of deliveries; the spec names the Archives menu, not its paths.
  { path: '/archives/deliveries', rule: { roles: [...STAFF_ROLES, 'Partner', ...COMPANY_ROLES, 'StoreOperator'] } },
  // Ours (issue 17): the partners' archives, for staff and partners only.
  { path: '/archives/partner-deliveries', rule: { roles: [...STAFF_ROLES, 'Partner'] } },
  { path: '/archives/partner-jobs', rule: { roles: [...STAFF_ROLES, 'Partner'] } },
  // Ours (issue 6): the add screen of a territory; the spec lists only its list and edit screens.
  { path: '/territories/add', rule: ADMINISTRATOR },
  // Ours: the statecharts for product and QA (issue 7); a client page, the server has nothing to enforce.
  { path: '/flows', rule: FLOWS_ROUTE_RULE },
  { path: '/confirm-email', rule: 'public' },
  { path: '/confirm-phone', rule: 'public' },
  { path: '/logout', rule: 'public' },
  { path: '/pricing', rule: 'public' },
  { path: '/businesses', rule: 'public' },
  { path: '/drivers', rule: 'public' },
  { path: '/developers', rule: 'public' },
  { path: '/track-order/:searchTerm?', rule: 'public' },
  { path: '/track/:hash', rule: 'public' },
  { path: '/contact', rule: 'public' },
  { path: '/about', rule: 'public' },
  { path: '/shopify', rule: 'public' },
  { path: '/woocommerce', rule: 'public' },
  { path: '/faq', rule: 'public' },
  { path: '/terms', rule: 'public' },
  { path: '/privacy', rule: 'public' },
  { path: '/rate/:hash', rule: 'public' },
  { path: '/rating-complete', rule: 'public' },
  { path: '/google-rating-complete', rule: 'public' },
  { path: '/forbidden', rule: 'public' },
  { path: '/503', rule: 'public' },
  { path: '/error', rule: 'public' },
  { path: '/robots.txt', rule: 'public' },
  { path: '/sitemap.xml', rule: 'public' },
  // ---- Apply (logged-in normal user) ----
  { path: '/partner-apply', rule: NORMAL_USER },
  { path: '/business-apply', rule: NORMAL_USER },
  { path: '/driver-apply/:inviteHashId', rule: NORMAL_USER },
  { path: '/profile', rule: NORMAL_USER },
  // ---- Dashboard ----
  { path: '/dashboard', rule: NORMAL_USER },
  { path: '/dashboard/:id', rule: DASHBOARD_BY_ID },
  // ---- Accounts and their transactions, also nested under users, companies and stores ----
  { path: '/accounts', rule: NORMAL_USER },
  { path: '/accounts/add', rule: ADMIN_MANAGEMENT },
  { path: '/accounts/edit/:id', rule: ADMIN_MANAGEMENT },
  { path: '/accounts/:accountId/transactions', rule: NORMAL_USER },
  { path: '/accounts/:accountId/transactions/:transactionId', rule: NORMAL_USER },
  { path: '/users/:id/accounts', rule: NORMAL_USER },
  { path: '/users/:id/accounts/add', rule: ADMIN_MANAGEMENT },
  { path: '/users/:id/accounts/edit/:accountId', rule: ADMIN_MANAGEMENT },
  { path: '/users/:id/accounts/:accountId/transactions', rule: NORMAL_USER },
  { path: '/users/:id/accounts/:accountId/transactions/:transactionId', rule: NORMAL_USER },
  { path: '/companies/:id/accounts', rule: NORMAL_USER },
  { path: '/companies/:id/accounts/add', rule: ADMIN_MANAGEMENT },
  { path: '/companies/:id/accounts/edit/:accountId', rule: ADMIN_MANAGEMENT },
  { path: '/companies/:id/accounts/:accountId/transactions', rule: NORMAL_USER },
  { path: '/companies/:id/accounts/:accountId/transactions/:transactionId', rule: NORMAL_USER },
  { path: '/stores/:id/accounts', rule: NORMAL_USER },
  { path: '/stores/:id/accounts/add', rule: ADMIN_MANAGEMENT },
  { path: '/stores/:id/accounts/edit/:accountId', rule: ADMIN_MANAGEMENT },
  { path: '/stores/:id/accounts/:accountId/transactions', rule: NORMAL_USER },
  { path: '/stores/:id/accounts/:accountId/transactions/:transactionId', rule: NORMAL_USER },
  // ---- Announcements ----
  { path: '/announcements', rule: STAFF },
  { path: '/announcements/add', rule: STAFF },
  { path: '/announcements/edit/:id', rule: STAFF },
  // ---- Bank accounts ----
  { path: '/bank-accounts', rule: BANK_ACCOUNTS_LIST },
  { path: '/bank-accounts/add', rule: ADMIN_MANAGEMENT },
  { path: '/bank-accounts/edit/:id', rule: ADMIN_MANAGEMENT },
  // ---- Withdrawals, advances ----
  { path: '/withdrawals', rule: WITHDRAWALS_ADVANCES },
  { path: '/advances', rule: WITHDRAWALS_ADVANCES },
  // ---- Funds received ----
  { path: '/funds-received', rule: ADMIN_MANAGEMENT },
  { path: '/funds-received/add', rule: ADMIN_MANAGEMENT },
  { path: '/funds-received/edit/:id', rule: ADMIN_MANAGEMENT },
  { path: '/funds-received/:id/allocation', rule: ADMIN_MANAGEMENT },
  // ---- Users and their ratings ----
  { path: '/users', rule: STAFF },
  { path: '/users/add', rule: STAFF },
  { path: '/users/edit/:id', rule: STAFF },
  { path: '/users/:id/ratings', rule: STAFF },
  { path: '/users/:id/ratings/add', rule: STAFF },
  { path: '/users/:id/ratings/edit/:ratingId', rule: STAFF },
  // ---- Territories, areas, exceptions ----
  { path: '/territories', rule: ADMINISTRATOR },
  { path: '/territories/edit/:id', rule: ADMINISTRATOR },
  { path: '/territories/:id/areas', rule: ADMINISTRATOR },
  { path: '/territories/:id/areas/:areaid', rule: ADMINISTRATOR },
  { path: '/territories/edit/:id/areas/add', rule: ADMINISTRATOR },
  { path: '/territories/:id/exceptions', rule: ADMINISTRATOR },
  { path: '/territories/:id/exceptions/:areaid', rule: ADMINISTRATOR },
  { path: '/territories/edit/:id/exceptions/add', rule: ADMINISTRATOR },
  // ---- Companies ----
  { path: '/companies', rule: STAFF },
  { path: '/companies/add', rule: STAFF },
  { path: '/companies/edit/:id', rule: STAFF },
  // ---- Deliveries ----
  { path: '/deliveries', rule: DELIVERIES_LIST },
  { path: '/deliveries/add', rule: DELIVERIES_ADD },
  { path: '/deliveries/edit/:id', rule: DELIVERY_EDIT },
  // ---- Jobs ----
  { path: '/jobs', rule: JOBS_LIST },
  { path: '/jobs/edit/:id', rule: JOB_EDIT },
  { path: '/jobs/:id/deliveries', rule: JOBS_LIST },
  // ---- Vehicles ----
  { path: '/vehicles', rule: STAFF },
  { path: '/vehicles/add', rule: STAFF },
  { path: '/vehicles/edit/:id', rule: STAFF },
  // ---- Rates and their upload batches ----
  { path: '/rates', rule: STAFF },
  { path: '/rates/add', rule: STAFF },
  { path: '/rates/edit/:id', rule: STAFF },
  { path: '/rates/batches/add', rule: RATES_BATCHES },
  { path: '/rates/:id/batches', rule: RATES_BATCHES },
  { path: '/rates/batches/:uploadBatchId/uploads', rule: RATES_BATCHES },
  { path: '/rates/batches/:uploadBatchId/uploads/edit/:rateUploadId', rule: RATES_BATCHES },
  // ---- Ratings, questionnaires ----
  { path: '/ratings', rule: STAFF },
  { path: '/ratings/add', rule: STAFF },
  { path: '/ratings/edit/:id', rule: STAFF },
  { path: '/questionnaires', rule: ADMINISTRATOR },
  { path: '/questionnaires/add', rule: ADMINISTRATOR },
  { path: '/questionnaires/edit/:id', rule: ADMINISTRATOR },
  // ---- Hubs ----
  { path: '/hubs', rule: ADMINISTRATOR },
  { path: '/hubs/add', rule: ADMINISTRATOR },
  { path: '/hubs/edit/:id', rule: ADMINISTRATOR },
  { path: '/hubs/:id', rule: ADMINISTRATOR },
  // ---- Media ----
  { path: '/media/delivery-pictures', rule: STAFF },
  { path: '/media/delivery-signatures', rule: STAFF },
  { path: '/media/profile-pictures', rule: STAFF },
  // ---- Stores and their upload batches ----
  { path: '/stores', rule: STORES },
  { path: '/stores/add', rule: STORE_ADD },
  { path: '/stores/edit/:id', rule: STORES },
  { path: '/stores/batches/add', rule: STORES },
  { path: '/stores/batches/:uploadBatchId/uploads', rule: STORES },
  { path: '/stores/batches/:uploadBatchId/uploads/edit/:storeUploadId', rule: STORES },
  { path: '/stores/:id/batches', rule: STORES },
  { path: '/stores/:id/batches/:uploadBatchId/uploads', rule: STORES },
  { path: '/stores/:id/batches/:uploadBatchId/uploads/edit/:deliveryUploadId', rule: STORES },
  // ---- Payment callback, mobile devices ----
  { path: '/paymentcallback', rule: NORMAL_USER },
  { path: '/mobile-devices', rule: STAFF },
  // Ours (issue 19): the messages of the public contact form, for the operators who answer them.
  { path: '/contact-messages', rule: STAFF },
  // ---- Admin ----
  { path: '/admin/distancediscovery', rule: ADMINISTRATOR },
  { path: '/admin/distancediscovery/batches/:uploadBatchId/uploads', rule: ADMINISTRATOR },
  { path: '/admin/indexmanagement', rule: ADMINISTRATOR },
  { path: '/api-clients', rule: ADMINISTRATOR },
  // Ours: the development outbox, so codes can be read while trying flows by hand (issue 3).
  { path: '/outbox', rule: ADMINISTRATOR },
  { path: '/api-clients/add', rule: ADMINISTRATOR },
  { path: '/api-clients/edit/:id', rule: ADMINISTRATOR },
  // ---- Webhooks, scheduled reports ----
  { path: '/webhooks', rule: WEBHOOKS },
  { path: '/webhooks/add', rule: WEBHOOKS },
  { path: '/webhooks/edit/:id', rule: WEBHOOKS },
  { path: '/scheduledreports', rule: ADMIN_MANAGEMENT },
  { path: '/scheduledreports/add', rule: ADMIN_MANAGEMENT },
  { path: '/scheduledreports/edit/:id', rule: ADMIN_MANAGEMENT },
  // ---- Reports (issue 17; ours: the spec shows no report paths). Visibility of 000 section 6: Customer Deliveries
  // for normal users (their own deliveries, or their company's/store's); the delivery reports for staff, company and
  // store roles (scoped to theirs); the money, driver and hub reports staff-only. Each rule also guards the report's
  // call (getreport reads the rule of the report's path). Deliveries Due: administrator, management, staff.
  { path: '/reports/customer-deliveries', rule: NORMAL_USER },
  { path: '/reports/delivery-summary', rule: REPORTS_COMPANY_STORE },
  { path: '/reports/service-levels', rule: REPORTS_COMPANY_STORE },
  { path: '/reports/kpi-performance', rule: REPORTS_COMPANY_STORE },
  { path: '/reports/delivery-termination', rule: REPORTS_COMPANY_STORE },
  { path: '/reports/delivery-arrival', rule: REPORTS_COMPANY_STORE },
  { path: '/reports/gross-profit', rule: STAFF },
  { path: '/reports/driver-performance', rule: STAFF },
  { path: '/reports/hub-deliveries', rule: STAFF },
  { path: '/deliveries-due', rule: STAFF },
  // Second round (issue 17): driver reports staff-only (they are the platform's drivers, not a company's); the four
  // administrator-only reports of 000/002 section 6; the retailer exceptions report for administrators, management,
  // and company administrators/operators of EXCEPTIONS_REPORT_COMPANY_IDS.
  { path: '/reports/driver-visibility', rule: STAFF },
  { path: '/reports/driver-schedules', rule: STAFF },
  { path: '/reports/auto-assign-efficiency', rule: STAFF },
  { path: '/reports/driver-wait-time', rule: STAFF },
  { path: '/reports/driver-kpi', rule: STAFF },
  { path: '/reports/address-variation', rule: STAFF },
  { path: '/reports/location-proximity', rule: STAFF },
  { path: '/reports/exceptions', rule: EXCEPTIONS_REPORT },
  { path: '/reports/acceptance-and-compliance', rule: ADMINISTRATOR },
  { path: '/reports/driver-assignment', rule: ADMINISTRATOR },
  { path: '/reports/driver-screening', rule: ADMINISTRATOR },
  { path: '/reports/driver-communication', rule: ADMINISTRATOR },
  // Issue 15 (ours: the spec names the Finance menu's entries, not their paths): administrator only (000 section 6).
  { path: '/finance/metrics', rule: ADMINISTRATOR },
  { path: '/finance/driver-pay-analysis', rule: ADMINISTRATOR },
  { path: '/finance/amendments', rule: ADMINISTRATOR },
  // ---- Application reviews ----
  { path: '/business-applications', rule: STAFF },
  { path: '/business-applications/edit/:id', rule: STAFF },
  { path: '/partner-applications', rule: STAFF },
  { path: '/partner-applications/edit/:id', rule: STAFF },
  { path: '/partner-applications/:id/driver-applications', rule: STAFF },
  { path: '/partner-applications/:id/vehicle-applications', rule: STAFF },
  { path: '/driver-applications', rule: STAFF },
  { path: '/driver-applications/edit/:id', rule: STAFF },
  { path: '/assistant-applications', rule: STAFF },
  { path: '/assistant-applications/edit/:id', rule: STAFF },
  { path: '/vehicle-applications', rule: STAFF },
  { path: '/vehicle-applications/edit/:id', rule: STAFF },
  // Issue 18: the assistant and vehicle applications and the invites (a partner invites its drivers, applies for vehicles).
  { path: '/assistant-apply', rule: NORMAL_USER },
  { path: '/vehicle-apply', rule: { roles: ['Partner'] } },
  { path: '/applicationinvites', rule: { roles: [...STAFF_ROLES, 'Partner'] } },
  { path: '/applicationinvites/add', rule: { roles: [...STAFF_ROLES, 'Partner'] } },
  { path: '/applicationinvites/edit/:id', rule: { roles: [...STAFF_ROLES, 'Partner'] } },
  // Issue 20 (f-dispatch-e2e): a driver's recorded cash deposits, under the user (staff, like the user's ratings).
  { path: '/users/:id/deposits', rule: STAFF },
  // ---- Named-constant routes whose path is known ----
  { path: '/tracking', rule: NORMAL_USER },
  { path: '/identity', rule: NORMAL_USER },
  // ---- The rates batch screens, registered a second time for administrators only ----
  { path: '/rates/batches/add', rule: ADMINISTRATOR },
  { path: '/rates/:id/batches', rule: ADMINISTRATOR },
  { path: '/rates/batches/:uploadBatchId/uploads', rule: ADMINISTRATOR },
  { path: '/rates/batches/:uploadBatchId/uploads/edit/:rateUploadId', rule: ADMINISTRATOR },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof ROUTE_ACCESS)[number]['path'];

/** The routes that force a full page reload (the server answers them, not the app). */
export const FULL_RELOAD_PATHS = ['/robots.txt', '/sitemap.xml'] as const satisfies readonly RoutePath[];

/** The rule a registered path resolves to: its first registration. */
export function routeRule(path: RoutePath): RouteRule {
  return ROUTE_ACCESS.find((entry) => entry.path === path)!.rule;
}

/**
 * Whether a link to `path` would open for this user: a registered route's rule decides; an unregistered one is
 * the caller's to judge. Lists use it so no Add or Edit leads to the forbidden screen (a partner may create its
 * bank accounts by the API, but the add/edit routes are administrator and management: 000 section 6).
 */
export function mayOpen(path: string, permissions: Permissions | null | undefined): boolean {
  const entry = ROUTE_ACCESS.find((candidate) => candidate.path === path);
  return !entry || decideRouteAccess(entry.rule, permissions) === 'allowed';
}

/**
 * Step 2 of the access check: an unconfirmed email is refused unless the user is a company user, a store
 * user or a plain normal user (a normal user who is not staff).
 */
export function refusesUnconfirmedEmail(permissions: Permissions, ignoreNormalUser = false): boolean {
  if (permissions.emailConfirmed) return false;
  const plainNormalUser = permissions.isNormalUser && !ignoreNormalUser && !hasAnyRole(permissions, STAFF_ROLES);
  return !(permissions.isCompanyUser || permissions.isStoreUser || plainNormalUser);
}

/**
 * The access check of 000 section 6 for a signed-in user: true (granted), false (denied) or undefined
 * (refused for an unconfirmed email), the spec's three permission values.
 */
export function permissionFor(rule: RoleRule, permissions: Permissions): boolean | undefined {
  if (refusesUnconfirmedEmail(permissions, rule.ignoreNormalUser)) return undefined;
  const fieldUser = rule.companyGrantsExcludeFieldRoles === true && hasAnyRole(permissions, FIELD_ROLES);
  return rule.roles.some((role) => {
    if (role === 'NormalUser' && rule.ignoreNormalUser) return false;
    if (fieldUser && (COMPANY_ROLES as readonly Role[]).includes(role)) return false;
    if (rule.companyIds && (COMPANY_ROLES as readonly Role[]).includes(role)
      && (permissions.companyId === null || !rule.companyIds.includes(permissions.companyId))) return false;
    return permissions[roleFlag(role)];
  });
}

/**
 * The route guard's decision. `permissions` is null or undefined when there is no login token (the guard
 * shows the splash itself while a session is being restored).
 */
export function decideRouteAccess(rule: RouteRule, permissions: Permissions | null | undefined): RouteDecision {
  if (rule === 'public') return 'allowed';
  if (!permissions) return 'login';
  const permission = permissionFor(rule, permissions);
  if (permission === undefined) return 'confirmEmail';
  return permission ? 'allowed' : 'forbidden';
}

/** Where the guard sends each refusal. */
export const GUARD_REDIRECTS = {
  login: '/login',
  confirmEmail: '/confirm-email',
  forbidden: '/forbidden',
} as const satisfies Record<Exclude<RouteDecision, 'allowed'>, RoutePath>;

/** Location state the guard leaves on /login so that sign-in returns the user where they were going. */
export interface LoginRedirectState {
  from: string;
}

/**
 * The path to return to after sign-in, from the location state the guard left (`{ from }`); only a path
 * of this app (no other origin, not the sign-in pages themselves), else the fallback.
 */
export function returnPathAfterLogin(state: unknown, fallback = '/'): string {
  const from = state && typeof state === 'object' ? (state as Partial<LoginRedirectState>).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return fallback;
  const pathname = from.split(/[?#]/)[0]!;
  if (['/login', '/register', '/logout', '/two-factor'].includes(pathname)) return fallback;
  return from;
}
