import { placementInvoicedMessage } from "~/models/invoices.server";
import { deletePlacement, getPlacement, updatePlacement } from "~/models/placements.server";
import { PlacementSchema } from "~/schemas/placement";
import { apiRecordRoute, refuseInUse, saveThenFind } from "~/services/api.server";
import { toApiPlacement } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "placement",
  notFound: "Placement not found",
  find: getPlacement,
  toApi: toApiPlacement,
  update: {
    schema: PlacementSchema,
    // The client, facility and agent must exist: a 400 naming each one that does not.
    save: saveThenFind(updatePlacement, getPlacement),
  },
  removeNeeds: "records.delete",
  // A placement whose fee is on an invoice: 409 with what to do instead.
  remove: refuseInUse(deletePlacement, (refused) => placementInvoicedMessage(refused.invoice)),
});
