// `npm run theme:css`: writes apps/web/src/app/theme-variables.css from the storefront's theme.
import { themeVariablesFile, writeThemeVariables } from '../src/app/theme-variables';

writeThemeVariables();
console.log(`Wrote ${themeVariablesFile}`);
