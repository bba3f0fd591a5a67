/** Said once a new password is set: by a toast, and on the login page the shopper is taken to. */
export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Please log in with your new password.';
