import type { Probot } from "probot";

export default (app: Probot): void => {
  app.log.info("Ralph loaded");
};
