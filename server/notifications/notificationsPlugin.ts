import { globalPlugin } from '../plugins/globalPlugin.ts';
import { recommenderNotifications } from './recommenderNotifications.ts';

/** The recommender's mails at each step of the lifecycle (issue 13), as a lifecycle listener. */
export const notificationsPlugin = globalPlugin('notifications', async (app) => {
  app.lifecycle.listen(recommenderNotifications(app.mail, app.mandants));
});
