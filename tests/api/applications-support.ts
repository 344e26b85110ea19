export { DOCUMENT_STATUS } from '../../src/lib/applications';
import { WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';

export const WEB_NOTIFICATION_TYPE_APPLICATION = WEB_NOTIFICATION_TYPE.APPLICATION;
