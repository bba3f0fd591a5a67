/** The content module's public surface: its routes and the contact-message commands the workflow composes. */

export { contentAdminRoutes } from './admin.routes';
export { type ContactMessageInput, contactMail, getSiteEmail, saveContactMessage } from './contact.service';
export { contentRoutes } from './content.routes';
export { getSiteSettings } from './settings.service';
