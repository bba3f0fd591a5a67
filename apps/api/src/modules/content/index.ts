/**
 * The content module's public surface: its routes, the contact-message commands the workflow
 * composes, and the generation of its content that the public reply cache follows.
 */

export { contentAdminRoutes } from './admin.routes';
export { type ContactMessageInput, contactMail, getSiteEmail, saveContactMessage } from './contact.service';
export { contentRoutes } from './content.routes';
export { contentGeneration } from './content-generation';
export { getSiteSettings } from './settings.service';
