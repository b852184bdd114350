import { SearchIcon } from "@sanity/icons/Search";
import { defineField, defineType } from "sanity";
import { previewWith, requiredString } from "../schemaHelpers";

export const zipSearchSchema = defineType({
  name: "zipSearch",
  title: "ZIP code search",
  type: "object",
  icon: SearchIcon,
  description:
    "A ZIP field and a button. It sends nothing: pressing the button shows a message.",
  fields: [
    requiredString("heading", "Heading"),
    requiredString(
      "inputLabel",
      "Field label",
      "Read out by screen readers, e.g. “Your ZIP code”.",
    ),
    requiredString("placeholder", "Placeholder", "e.g. “Enter ZIP code”."),
    requiredString("buttonLabel", "Button label", "e.g. “Find Pros”."),
    requiredString(
      "toastTitle",
      "Message title",
      "e.g. “Finding Local Experts”.",
    ),
    defineField({
      name: "toastMessage",
      title: "Message text",
      type: "string",
      description: "Keep {zip} where the visitor’s ZIP code goes.",
      validation: (rule) => [
        rule
          .required()
          .error(
            "Write the message shown while searching, with {zip} where the ZIP code goes.",
          ),
        rule
          .custom((value) =>
            typeof value !== "string" || value.includes("{zip}")
              ? true
              : "Keep the placeholder {zip} in the message.",
          )
          .error(),
      ],
    }),
  ],
  preview: previewWith("ZIP code search"),
});
