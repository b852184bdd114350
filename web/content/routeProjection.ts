/**
 * What the site reads of a routed document to render it (routeQuery in queries.ts). Its own file, free of
 * next-sanity, so the Studio computes where a document is used from the very projection the site renders
 * with (studio/whereUsed.ts).
 */
import { comparisonTableFields } from '../blocks/comparisonTable/query.ts'
import { costComparisonFields } from '../blocks/costComparison/query.ts'
import { badgesFields } from '../blocks/badges/query.ts'
import { zipSearchFields } from '../blocks/zipSearch/query.ts'
import { faqListFields } from '../blocks/faqList/query.ts'
import { callBannerFields } from '../blocks/callBanner/query.ts'
import { caseStoryFields } from '../blocks/caseStory/query.ts'
import { contactFormFields } from '../blocks/contactForm/query.ts'
import { serviceAreaFields } from '../blocks/serviceArea/query.ts'
import { testimonialFields } from '../blocks/testimonial/query.ts'
import { bannerFields } from '../blocks/banner/query.ts'
import { localBusinessFields } from '../blocks/localBusiness/query.ts'
import { templateHeaderFields } from '../blocks/templateHeader/query.ts'
import { templateHeroFields } from '../blocks/templateHero/query.ts'
import { templateFooterFields } from '../blocks/templateFooter/query.ts'
import { bulletListFields } from '../blocks/bulletList/query.ts'
import { callToActionFields } from '../blocks/callToAction/query.ts'
import { cardGridFields } from '../blocks/cardGrid/query.ts'
import { heroFields } from '../blocks/hero/query.ts'
import { pestImageFields } from '../blocks/pestImage/query.ts'
import { pestListFields } from '../blocks/pestList/query.ts'
import { stepsFields } from '../blocks/steps/query.ts'
import { textSectionFields } from '../blocks/textSection/query.ts'
import { urgencyFields } from '../blocks/urgency/query.ts'

/** Projects any page-builder block by its _type. Each block folder owns its own field list. */
const blockProjection = /* groq */ `{
  _type,
  _key,
  _type == "hero" => {${heroFields}},
  _type == "pestImage" => {${pestImageFields}},
  _type == "pestList" => {${pestListFields}},
  _type == "textSection" => {${textSectionFields}},
  _type == "cardGrid" => {${cardGridFields}},
  _type == "bulletList" => {${bulletListFields}},
  _type == "steps" => {${stepsFields}},
  _type == "urgency" => {${urgencyFields}},
  _type == "callToAction" => {${callToActionFields}},
  _type == "comparisonTable" => {${comparisonTableFields}},
  _type == "costComparison" => {${costComparisonFields}},
  _type == "badges" => {${badgesFields}},
  _type == "zipSearch" => {${zipSearchFields}},
  _type == "faqList" => {${faqListFields}},
  _type == "callBanner" => {${callBannerFields}},
  _type == "caseStory" => {${caseStoryFields}},
  _type == "contactForm" => {${contactFormFields}},
  _type == "serviceArea" => {${serviceAreaFields}},
  _type == "testimonial" => {${testimonialFields}},
  _type == "banner" => {${bannerFields}},
  _type == "localBusiness" => {${localBusinessFields}},
  _type == "templateHeader" => {${templateHeaderFields}},
  _type == "templateHero" => {${templateHeroFields}},
  _type == "templateFooter" => {${templateFooterFields}}
}`

const seoFields = /* groq */ `seo{title, description, keywords, robots}`

/** A routed document as the page renders it. */
export const ROUTE_PROJECTION = /* groq */ `{
  _id,
  _type,
  "slug": slug.current,
  ${seoFields},
  "chrome": coalesce(chrome, "site"),
  "callBar": coalesce(callBar, "phones"),
  "callToast": callToast{title, message, "alsoCall": coalesce(alsoCall, false)},
  _type == "page" => {
    "blocks": blocks[]${blockProjection},
    "experiment": experiment{"name": name.current, "arms": arms[]{key, heroTitle, heroSubtitle, heroButtonLabel, replaceSection, "section": section[0]${blockProjection}}}
  },
  _type == "pestPage" => {
    "blocks": [hero, select(image.show == true => {"_type": "pestImage", "_key": "photo", "caption": image.caption, pest}), explainer, services, urgency, steps, cta][defined(@)]${blockProjection}
  },
  _type == "legalPage" => {
    title,
    effectiveDateLabel,
    effectiveDate,
    body
  }
}`
