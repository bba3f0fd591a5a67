/**
 * The content module's public surface: the contact-message commands the workflow
 * composes, and the generation of its content that the public reply cache follows.
 */

export { getAdminSettings, updateAdminSettings } from './admin-settings.service';
export { type ContactMessageInput, contactMail, getSiteEmail, saveContactMessage } from './contact.service';
export { applyPeerContentChange, contentGeneration, onLocalContentChange } from './content-generation';
export { getSiteSettings } from './settings.service';
export { contentSitemapEntries, pageExists, publishedPostExists } from './sitemap';
export { contentFileReferences } from './stored-files';
