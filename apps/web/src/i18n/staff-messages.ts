/**
 * The staff and founder tools' strings join the dictionaries when this module loads. Only those
 * screens import it, so `@kitwright/copy/staff-messages` travels in their chunks and not in the
 * first load of home and the gallery.
 */
import '@kitwright/copy/staff-messages';
