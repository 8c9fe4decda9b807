/** English: creating from a model or a prompt, jobs, drafts and publishing. */
export const create = {
  'create.title': 'Create a design',
  'create.mode.A': 'From a model',
  'create.mode.B': 'From a prompt',

  'create.hub.intro':
    'Turn a 3D model or a few words into a kit of universal blocks and fasteners, check that it builds, and publish it as your own design.',
  'create.hub.signInReason':
    'Creating needs a free account: your drafts are kept for you, and the designs you publish carry your name.',
  'create.hub.modeA.kicker': 'Mode A',
  'create.hub.modeA.title': 'Upload a 3D model',
  'create.hub.modeA.body':
    'STL, OBJ, PLY, GLB, glTF (alone or zipped with its files) or 3MF. We check the mesh, turn it into blocks and show you the kit, its size and any problems.',
  'create.hub.modeA.action': 'Upload a model',
  'create.hub.modeB.kicker': 'Mode B',
  'create.hub.modeB.title': 'Describe it in words',
  'create.hub.modeB.body':
    'Name a thing, a size and colours, for example “a red tower 40 blocks tall”. The generator designs it from a library of over a hundred designs.',
  'create.hub.modeB.off':
    'Creating from a prompt is switched off for the moment. Uploading a model works as usual.',
  'create.hub.modeB.action': 'Write a prompt',
  'create.hub.recent': 'Your drafts in progress',
  'create.hub.allDrafts': 'All your drafts in the dashboard',

  'create.how.title': 'How it works',
  'create.how.1.title': 'Bring a model or an idea',
  'create.how.1.body': 'Upload a 3D file you have the right to use, or describe what you want to build.',
  'create.how.2.title': 'Get a kit that builds',
  'create.how.2.body':
    'We lay it out in blocks and fasteners, check that it holds together and stands, and show a preview with the parts list.',
  'create.how.3.title': 'Publish it as yours',
  'create.how.3.body':
    'You stay the owner. Kitwright only hosts, translates and shows your design, and people can register non-binding interest.',
  'create.how.safety':
    'Kits are for free-standing and decorative builds only. Structural, electrical, wet-area, cladding, child-use and regulated uses are not allowed.',

  'create.steps.label': 'Steps',
  'create.steps.upload': 'Upload',
  'create.steps.describe': 'Describe',
  'create.steps.kit': 'Kit',
  'create.steps.publish': 'Publish',

  'create.upload.title': 'Upload a 3D model',
  'create.upload.intro':
    'Choose the file, pick a size, and we check it as it arrives. Then the kit is built while you watch.',
  'create.upload.fileLabel': 'Model file',
  'create.upload.dropTitle': 'Drop your model here',
  'create.upload.dropNow': 'Release to use this file',
  'create.upload.dropOr': 'or choose it from your device',
  'create.upload.choose': 'Choose a file',
  'create.upload.chooseAnother': 'Choose another file',
  'create.upload.chosen': 'Ready to upload',
  'create.upload.hint': '{formats} · up to {size}',
  'create.upload.wrongFormat':
    '“{name}” is not a model format we read. Use one of: {formats}. Most design tools can export STL or 3MF.',
  'create.upload.tooBig':
    'This file is {size}; the limit is {max}. Simplify the model or export it without textures.',
  'create.upload.titleLabel': 'Name (optional)',
  'create.upload.titleHelp': 'You can change it later. Without one we use the file name.',
  'create.upload.submit': 'Upload and check',
  'create.upload.uploading': 'Uploading {name}',
  'create.upload.progressDetail': '{loaded} of {total}',
  'create.upload.keepOpen': 'Keep this page open until the upload finishes.',
  'create.upload.checking': 'Uploaded. Checking the model…',
  'create.upload.cancel': 'Cancel upload',
  'create.upload.startingDraft': 'Saving your draft and starting the checks…',
  'create.upload.failedTitle': 'We could not use this file',
  'create.upload.tipsTitle': 'Tips for a good kit',
  'create.upload.tips':
    'Closed, solid models work best: fill holes and join separate pieces in your design tool first. Smaller sizes build faster and use fewer blocks.',
  'create.upload.nativeUnavailable':
    'Choosing files is not available in this version of the app yet. Upload your model on kitwright’s website; the draft then appears here too.',

  'create.settings.title': 'Kit settings',
  'create.settings.size': 'Size',
  'create.settings.sizeHelp': 'The longest side of the kit, in blocks. Each block is 16 mm.',
  'create.settings.sizeChoice': { one: '{count} block · {real}', other: '{count} blocks · {real}' },
  'create.settings.upAxis': 'Which way is up',
  'create.settings.upAxisHelp': 'If the preview lies on its side, change this and rebuild.',
  'create.settings.upAuto': 'Let Kitwright choose',
  'create.settings.upAutoHelp':
    'Keeps the file’s own up whenever the model stands that way; otherwise tries the other ways and stands it the way it can be tilted furthest before it tips.',
  'create.settings.upZ': 'Z points up',
  'create.settings.upZHelp': 'Most CAD tools and files for 3D printing.',
  'create.settings.upY': 'Y points up',
  'create.settings.upYHelp': 'Blender exports, glTF and many game tools.',
  'create.settings.upX': 'X points up',
  'create.settings.upXHelp': 'Rare; for models exported on their side.',
  'create.settings.upNegZ': 'Z points down',
  'create.settings.upNegY': 'Y points down',
  'create.settings.upNegX': 'X points down',
  'create.settings.upNegativeHelp':
    'For a model that stands on its head in the preview: it is turned upright, not mirrored.',
  'create.settings.fill': 'Inside',
  'create.settings.fillHelp': 'A hollow kit needs fewer blocks and is lighter; a solid one is sturdier.',
  'create.settings.solid': 'Solid',
  'create.settings.hollow': 'Hollow, walls {walls} thick',

  'create.prompt.title': 'Describe a design',
  'create.prompt.intro':
    'Write what you want to build. The generator picks a shape, a size and colours from your words and designs a kit from them.',
  'create.prompt.label': 'Your prompt',
  'create.prompt.help': 'A shape, a size in blocks and colours work best. 3 to 500 characters.',
  'create.prompt.examples': 'Try an example:',
  'create.prompt.sizeHelp': 'Used when your prompt gives no size.',
  'create.prompt.submit': 'Design it',
  'create.prompt.tooShort': 'Write at least 3 characters.',
  'create.prompt.offTitle': 'Creating from a prompt is switched off',
  'create.prompt.offBody':
    'This part of the beta is paused for the moment. Uploading a 3D model works as usual, and your existing drafts are safe.',
  'create.prompt.howTitle': 'What the generator understands',
  'create.prompt.how':
    'Animals, vehicles, buildings, landmarks, furniture, everyday things, plants, letters and numbers: name one, as in “a horse” or “the Eiffel Tower”. Sizes (“a tower 30 blocks tall”), counts (“a windmill with four sails”), colours, also per part (“a white house with a red roof”), and one design on another (“a rocket on a launch pad”).',
  'create.prompt.english': 'Prompts are read in English, French and German.',
  'create.prompt.statesTitle': 'What to expect',
  'create.prompt.states':
    'Your request waits in a short queue, then runs in a few seconds. If the generator cannot follow part of it, you still get a best-effort design, marked as such, with the reason.',

  'create.prompt.restrictedTitle': 'A design for this use cannot be published',
  'create.prompt.refusedNothingMade': 'Nothing was made or saved.',
  'create.prompt.unknownTitle': 'No design called “{word}” yet',
  'create.prompt.unknownNoneTitle': 'Your prompt names no design yet',
  'create.prompt.unknownBody':
    'The library has no design by that name, so nothing was made in its place. The nearest designs:',
  'create.prompt.unknownPlate': 'Make a name plate reading “{word}”',
  'create.prompt.restricted':
    '“{words}” describes a use block kits are not allowed for. {reason} Describe an ornament or a miniature instead, and you can publish it.',
  'create.prompt.restrictedDraft':
    'This design’s prompt describes a use block kits are not allowed for (“{words}”). {reason} Change the prompt below and build it again to publish it.',

  'create.draft.title': 'Draft',
  'create.draft.untitled': 'Untitled draft',
  'create.draft.notFound': 'We could not open this draft',
  'create.draft.fromFile': 'From the file {name}',
  'create.draft.fromPrompt': 'From the prompt “{prompt}”',
  'create.draft.publishedTitle': 'This draft is published',
  'create.draft.publishedBody':
    'Its listing stays yours. Edit, unpublish or delete it from Manage on the listing.',
  'create.draft.openListing': 'Open the listing',
  'create.draft.readyTitle': 'Ready to publish',
  'create.draft.readyBody':
    'The kit passed its checks. Add a title and description and publish it as your design.',
  'create.draft.continue': 'Continue to publish',
  'create.draft.startOver': 'Start a new design',

  'create.job.check': 'Checking the model',
  'create.job.build': 'Building the kit',
  'create.job.generate': 'Designing from your prompt',
  'create.job.starting': 'Starting…',
  'create.job.cancelledHint': 'The last run was cancelled. Start it again when you are ready.',
  'create.job.notStarted': 'Nothing has run for this draft yet.',
  'create.job.startCheck': 'Check the model',
  'create.job.startBuild': 'Build the kit',
  'create.job.startGenerate': 'Design it',

  'create.results.title': 'Your kit',
  'create.preview.alt': 'Isometric preview of the block kit for {name}',
  'create.preview.loading': 'Loading the preview…',
  'create.preview.failed': 'The preview could not be loaded. Reload the page to try again.',

  'create.metrics.title': 'Kit figures',
  'create.metrics.blocks': 'Blocks',
  'create.metrics.fasteners': 'Fasteners',
  'create.metrics.size': 'Size (W × D × H)',
  'create.metrics.sizeNote': 'Built size',
  'create.metrics.layers': 'Layers',
  'create.metrics.weight': 'Weight',
  'create.metrics.weightNote': 'Estimate',
  'create.metrics.colours': 'Colours',
  'create.metrics.saved': 'Fewer blocks',
  'create.metrics.savedNote': 'than {baseline} single blocks',
  'create.metrics.savedWithPins': 'Fewer parts, pins counted',
  'create.metrics.savedWithPinsNote': 'blocks and pins, against single blocks and their pins',
  'create.metrics.added': 'Blocks added',
  'create.metrics.addedNote': 'to join parts that only touched side by side',
  'create.metrics.stability': 'Stands on its own',
  'create.metrics.stable': 'Yes',
  'create.metrics.unstable': 'No',
  'create.metrics.standsWeak': 'Yes, with weak points',
  'create.metrics.weakJoints': {
    one: '{count} joint at half its strength or more',
    other: '{count} joints at half their strength or more',
  },
  'create.metrics.heldSteps': {
    one: 'hold it upright during {count} build step',
    other: 'hold it upright during {count} build steps',
  },
  'create.metrics.proppedSteps': {
    one: 'prop part of it during {count} build step',
    other: 'prop part of it during {count} build steps',
  },
  'create.metrics.tipsAt': 'tips over at a tilt of {deg}° ({firm}° to stand firmly)',
  'create.metrics.tilts': 'can be tilted {deg}° before it tips',
  'create.metrics.overloadedJoints': {
    one: '{count} joint loaded beyond its strength',
    other: '{count} joints loaded beyond their strength',
  },

  'create.pose.wayUp': 'Which way is up: {up} ({why})',
  'create.pose.fileUp':
    'chosen: the file’s own up ({fileUp}) stands about as well as any way, {cells} cells on the ground, {overhang}% overhanging',
  'create.pose.otherUp':
    'chosen: the other usual way up of model files, {cells} cells on the ground, {overhang}% overhanging; on the file’s own up ({fileUp}) it does not stand as well',
  'create.pose.fileUpTips':
    'chosen for its base: {cells} cells on the ground, {overhang}% overhanging; on the file’s own up ({fileUp}) it tips over',
  'create.pose.betterPose':
    'chosen for its base: {cells} cells on the ground, {overhang}% overhanging; on the file’s own up ({fileUp}) it stands on less',
  'create.pose.fileUpTilt':
    'chosen: the file’s own up ({fileUp}) stands: it can be tilted {deg}° before it tips, {overhang}% overhanging',
  'create.pose.otherUpTilt':
    'chosen: the other usual way up of model files, it can be tilted {deg}° before it tips, {overhang}% overhanging; on the file’s own up ({fileUp}) it tips over or too much of it hangs in the air',
  'create.pose.fileUpTipsTilt':
    'turned: on the file’s own up ({fileUp}) it tips over; this way it can be tilted {deg}° before it tips, {overhang}% overhanging',
  'create.pose.betterPoseTilt':
    'turned: on the file’s own up ({fileUp}) too much of it hangs in the air; this way it can be tilted {deg}° before it tips, {overhang}% overhanging',
  'create.pose.nothingStands': 'chosen: no way up stands on its own; this one comes closest',
  'create.pose.given': 'as you chose',
  'create.pose.turn': 'Not the way you want it? Turn it with “Which way is up” and rebuild.',

  'create.check.passedTitle': 'The kit passed every check',
  'create.check.passedBody': 'It holds together in one piece and stands on its own.',
  'create.check.problemsTitle': 'The kit does not pass the checks yet',
  'create.check.problemsHelp':
    'Try a larger size, a different “up” direction or a solid inside, then rebuild. Fixing the model in your design tool helps too.',
  'create.check.notesTitle': 'Notes about your file',
  'create.problem.code': 'Problem code: {code}',

  'create.generation.successTitle': 'Designed from your prompt',
  'create.generation.successBody': 'The generator understood your prompt and the design passed its checks.',
  'create.generation.degradedTitle': 'A best-effort design',
  'create.generation.degradedBody':
    'The generator could not follow all of your prompt or the result did not pass every check, so this is its closest attempt. Try rewording it.',
  'create.generation.noShape':
    'No shape was recognised in your prompt, so a name plate of its first unknown word was made. Name one of these designs: {shapes}.',
  'create.generation.made': 'Made: {shape}, {w} × {d} × {h} blocks',
  'create.generation.understood': 'Understood: {words}',
  'create.generation.ignored': 'Not used: {words}',

  'create.save.title': 'Name and save',
  'create.save.nameLabel': 'Draft name',
  'create.save.help': 'Drafts are kept in your dashboard until you publish or delete them.',
  'create.save.submit': 'Save draft',
  'create.save.done': 'Draft saved.',

  'create.rebuild.title': 'Adjust and rebuild',
  'create.rebuild.titleB': 'Change and design again',
  'create.rebuild.help': 'The current kit is replaced by a new one with these settings.',
  'create.rebuild.submit': 'Apply and rebuild',
  'create.rebuild.wait': 'Wait for the current run to finish, or cancel it.',

  'create.status.published': 'Published',
  'create.status.kitReady': 'Kit ready',
  'create.status.kitProblems': 'Kit has problems',
  'create.status.modelProblems': 'Model has problems',
  'create.status.modelChecked': 'Model checked',
  'create.status.inProgress': 'In progress',

  'job.status.queued': 'Waiting',
  'job.status.running': 'Running',
  'job.status.succeeded': 'Done',
  'job.status.degraded': 'Done, in part',
  'job.status.failed': 'Failed',
  'job.status.cancelled': 'Cancelled',
  'job.status.dead': 'Stopped',
  'job.status.cancelling': 'Cancelling',
  'job.line.queued': 'Waiting for a free worker…',
  'job.line.step': 'Step {n} of {total}: {step}',
  'job.line.done': 'Finished.',
  'job.line.cancelled': 'Cancelled. Nothing was changed.',
  'job.line.failed': 'Stopped with a problem.',
  'job.line.degraded': 'Finished with a usable result, but part of the request was not used.',
  'job.degradedTitle': 'What was not used',
  'job.progress': 'Progress',
  'job.steps': 'Steps',
  'job.step.fetch_source': 'Reading your file',
  'job.step.inspect': 'Checking the mesh',
  'job.step.voxelise': 'Turning the shape into blocks',
  'job.step.layout': 'Laying out blocks and fasteners',
  'job.step.validate': 'Checking that it builds and stands',
  'job.step.preview': 'Drawing the preview',
  'job.step.store': 'Saving the kit',
  'job.step.generate': 'Designing from the prompt',
  'job.step.translate': 'Translating',
  'job.stepStatus.pending': 'To do',
  'job.stepStatus.running': 'Running',
  'job.stepStatus.done': 'Done',
  'job.stepStatus.failed': 'Failed',
  'job.stepStatus.skipped': 'Skipped',
  'job.problemTitle': 'What went wrong',
  'job.retry': 'Try again',
  'job.cancel': 'Cancel',

  'problem.unknown': 'Something about this model stopped the processing. Check the file, or try again later.',
  'problem.EMPTY_FILE':
    'The file is empty, so the export or the upload failed. Export the model again and upload the new file.',
  'problem.FILE_TOO_LARGE':
    'The file is larger than we accept. Simplify the model, or export it without textures.',
  'problem.UNSUPPORTED_FORMAT':
    'This is not a model format we read. Export it as STL, OBJ, PLY, GLB, glTF or 3MF.',
  'problem.TRUNCATED_FILE':
    'The file is cut off: it ends before its data does. Export it again and upload the complete file.',
  'problem.FACE_COUNT_MISMATCH':
    'The file says it has a different number of triangles than it contains, so it is damaged. Export it again.',
  'problem.TOO_MANY_TRIANGLES':
    'The model is too detailed for us. Reduce its triangle count (decimate or simplify it) and upload it again.',
  'problem.TOO_MANY_VERTICES': 'The model is too detailed for us. Simplify it and upload it again.',
  'problem.NON_FINITE_COORDINATES':
    'Some points of the model are not valid numbers. Repair or export the model again.',
  'problem.NO_TRIANGLES': 'The file contains no usable surface: every triangle is empty or flat.',
  'problem.MALFORMED_ASCII':
    'The text of the file does not follow the format. Export it again, ideally as binary STL or 3MF.',
  'problem.MALFORMED_FILE': 'The file is damaged and cannot be read. Export it again.',
  'problem.INVALID_INDEX': 'The file refers to points that do not exist, so it is damaged. Export it again.',
  'problem.UNSUPPORTED_FEATURE': 'The file uses a feature we cannot read yet. Export it as STL or 3MF.',
  'problem.INVALID_ARCHIVE': 'The 3MF file is damaged or contains no model. Export it again.',
  'problem.ZIP_BOMB': 'The file unpacks to far more data than it should, so we refused it for safety.',
  'problem.FLAT_MODEL': 'The model is completely flat, so there is nothing to build. Give it some thickness.',
  'problem.BINARY_STL_SOLID_HEADER':
    'The binary STL file begins with the word “solid”, which is meant for text STL; its size shows it is binary, so it was read as binary, as slicers do. Nothing to do.',
  'problem.MISSING_ENDSOLID':
    'The STL file stops before its end, so it may have been cut off. Export it again.',
  'problem.SOLID_NAME_MISMATCH':
    'The STL file looks pieced together from several files. Export it again as one file.',
  'problem.MISSING_NORMAL':
    'Some faces of the STL file had no direction stored; the file’s normals were recomputed from its shape. Nothing to do.',
  'problem.NON_FINITE_NORMAL':
    'Some face directions in the STL file were not valid numbers; the file’s normals were recomputed from its shape. Nothing to do.',
  'problem.NORMALS_DISAGREE':
    'Some face directions stored in the STL file pointed the wrong way; the file’s normals were recomputed from its shape. Nothing to do.',
  'problem.ZERO_NORMALS':
    'The STL file stored no face directions; the file’s normals were recomputed from its shape, as slicers do. Nothing to do.',
  'problem.TRAILING_DATA':
    'The file has unexplained extra data at the end, so it may be damaged. Export it again.',
  'problem.NOT_ENCLOSED':
    'The model is not a closed shape: its surface has large holes, so it has no inside to fill with blocks. Close the holes (“fill holes” or “make solid” in your design tool) and upload it again.',
  'problem.INVALID_MODEL': 'This model cannot be used. Check that it is a closed, solid object.',
  'problem.TOO_COMPLEX':
    'The model is too complex to read within our limits. Simplify it and upload it again.',
  'problem.INVALID_OPTIONS': 'The chosen settings are out of range. Pick another size and try again.',
  'problem.USE_CASE_BLOCKED': 'Block kits may not be used this way.',
  'problem.NO_DESIGN':
    'No design in the library is called what the prompt names yet. Change the prompt to name one of its designs.',
  'problem.ABORTED': 'The run was cancelled.',
  'problem.TIME_BUDGET_EXCEEDED':
    'This model takes longer to process than we allow. Choose a smaller size and rebuild.',
  'problem.MEMORY_BUDGET_EXCEEDED':
    'This model needs more memory than we allow. Choose a smaller size and rebuild.',
  'problem.PROCESSING_FAILED': 'Processing stopped unexpectedly. Trying again usually helps.',
  'problem.INTERNAL_ERROR': 'Something went wrong on our side. Trying again usually helps.',
  'problem.SOURCE_MISSING': 'The source file is no longer available. Upload it again.',
  'problem.WORKER_LOST': 'The processing stopped responding. Trying again usually helps.',
  'problem.EMPTY_KIT':
    'The kit came out empty: the model is too small or thin at this size. Choose a larger size.',
  'problem.INVALID_BLOCK':
    'The layout produced a block that does not exist in the catalogue. Rebuild, or report it to us.',
  'problem.BLOCKS_OVERLAP': 'Some blocks overlap in the layout. Rebuild, or report it to us.',
  'problem.COVER_MISMATCH': 'The blocks do not match the shape exactly. Rebuild, or report it to us.',
  'problem.PINS_MISMATCH': 'The pins listed in the kit do not match its blocks. Rebuild, or report it to us.',
  'problem.DISCONNECTED':
    'The kit falls apart into separate pieces: some parts touch the rest only side by side or not at all. A larger size or thicker parts usually fix this.',
  'problem.FLOATING_BLOCKS':
    'Some blocks float with nothing under them to hold them up. Add supports in your model or try another “up” direction.',
  'problem.TIPS_OVER':
    'The model would tip over: its weight is outside its footprint. Widen its base or change the “up” direction.',
  'problem.TIPS_DURING_BUILD':
    'The model stands when finished but tips over part-way through building. It needs support while you build it.',
  'problem.UNSUPPORTED_BLOCKS':
    'Some blocks cannot be put in place when their step comes: nothing built yet would hold them, or they would have to go in between blocks already placed above and below. Rebuild, or report it to us.',
  'problem.OVERLOADED_JOINTS':
    'Some joints carry more than their pins can hold: a part hangs or reaches out too far on too few pins. Thicker or better supported parts, or a smaller size, usually fix this.',
  'problem.OPEN_BOUNDARIES': 'The surface has some small holes; we estimated the inside around them.',
  'problem.OPEN_SHEET':
    'The surface is open wide, like a cup. Where it encloses nothing we built it as walls of its own shape rather than filling it; where its parts close it (a lid on a pot) we filled it.',
  'problem.NON_MANIFOLD_EDGES':
    'Some edges are shared by more than two faces. This usually does not affect the kit.',
  'problem.INCONSISTENT_WINDING': 'Some faces are flipped. This does not affect the kit.',
  'problem.DEGENERATE_TRIANGLES': 'Some triangles have no area and were ignored.',
  'problem.DUPLICATE_TRIANGLES':
    'Some triangles were listed twice in the file; one copy of each was kept. Nothing to do.',
  'problem.SEVERAL_COMPONENTS': 'The model is made of several separate pieces of surface.',
  'problem.IGNORED_ELEMENTS':
    'Parts of the file that are not surfaces (such as lines or points), or further scenes beside the one read, were ignored.',
  'problem.TEXTURE_NOT_SAMPLED': 'Textures were not used for colours; the kit uses the base colours instead.',
  'problem.COARSE_COORDINATES':
    'The model sits very far from the origin of its file, where the file’s numbers are coarse, so its shape was already rounded when it was saved and fine detail is lost. Move it near the origin in your design tool and export it again to keep the detail.',
  'problem.INSIDE_OUT':
    'The surface was saved inside out, every face pointing inwards. We turned it the right way round. Nothing to do.',
  'problem.SLICER_VOLUMES_LEFT_OUT':
    'Modifier, support and negative volumes from your slicer project were left out, as a slicer leaves them out of the print. Space a negative volume cuts away stays filled.',

  'publish.title': 'Publish your design',
  'publish.intro':
    'Tell people what it is and how it is meant to be used. You stay the owner; Kitwright only hosts, translates and shows it.',
  'publish.section.about': 'About the design',
  'publish.section.visibility': 'Who can see it',
  'publish.section.use': 'Intended use and safety',
  'publish.section.useIntro':
    'Block kits are for free-standing and decorative builds. Answer honestly: these answers decide whether the design may be published.',
  'publish.section.licence': 'Ownership and licence',
  'publish.field.title': 'Title',
  'publish.field.description': 'Description',
  'publish.field.descriptionHelp':
    'What it is, where it looks good, anything a builder should know. At least 10 characters.',
  'publish.field.tags': 'Tags',
  'publish.field.tagsHelp': 'Separated by commas, up to 12, e.g. garden, tower, red.',
  'publish.field.category': 'Category',
  'publish.field.language': 'Language you wrote in',
  'publish.field.languageHelp': 'Others can read a machine translation; your original text is always kept.',
  'publish.field.visibility': 'Visibility',
  'publish.field.useCase': 'What is it for?',
  'publish.visibility.public': 'Public',
  'publish.visibility.public.help': 'Shown in the gallery and search. Anyone can open it.',
  'publish.visibility.unlisted': 'Unlisted',
  'publish.visibility.unlisted.help': 'Only people with the link can open it.',
  'publish.visibility.private': 'Private',
  'publish.visibility.private.help': 'Only you can see it.',
  'publish.category.furniture': 'Furniture',
  'publish.category.decor': 'Decor',
  'publish.category.garden': 'Garden',
  'publish.category.architecture': 'Architecture',
  'publish.category.vehicles': 'Vehicles',
  'publish.category.animals': 'Animals',
  'publish.category.characters': 'Characters',
  'publish.category.storage': 'Storage',
  'publish.category.art': 'Art',
  'publish.category.other': 'Other',
  'publish.useCase.free_standing': 'Free-standing',
  'publish.useCase.free_standing.help': 'Stands on its own on a floor, table or shelf.',
  'publish.useCase.decorative': 'Decorative',
  'publish.useCase.decorative.help': 'An ornament or display piece that carries nothing but itself.',
  'publish.useCase.cladding': 'Cladding or facade',
  'publish.useCase.structural': 'Structural or load-bearing',
  'publish.useCase.electrical': 'Housing electrics',
  'publish.useCase.wet_area': 'Wet areas or outdoors in water',
  'publish.useCase.child_use': 'For children to use',
  'publish.useCase.regulated': 'Regulated use (medical, safety, food contact)',
  'publish.useCase.blockedLabel': '{use} (not allowed)',
  'publish.useCase.cladding.reason': 'Block kits are not certified as building cladding or facade material.',
  'publish.useCase.structural.reason':
    'Block kits must not carry structural loads such as people, shelving loads or building parts.',
  'publish.useCase.electrical.reason': 'Block kits must not house or support electrical installations.',
  'publish.useCase.wet_area.reason':
    'Block kits are not rated for wet areas, standing water or outdoor drainage.',
  'publish.useCase.child_use.reason': 'Kits are not yet tested to toy-safety standards for use by children.',
  'publish.useCase.regulated.reason':
    'Regulated uses (medical, safety equipment, food contact and similar) need approvals we do not have.',
  'publish.useCaseBlocked': 'This use is not allowed for block kits.',
  'publish.useCaseWarning': 'This use is not allowed, so the design cannot be published for it. {reason}',
  'publish.safety.title': 'Safety questions',
  'publish.safety.intro': 'A “yes” to any of these means the design cannot be published during the beta.',
  'publish.safety.intended_for_children': 'Is it meant for children to play with or use?',
  'publish.safety.bears_loads_or_people': 'Will it carry loads or people (sitting, standing, shelving)?',
  'publish.safety.contains_electrics':
    'Will it contain or hold electrical parts (lights, cables, batteries)?',
  'publish.safety.used_outdoors_in_water': 'Will it stand in water or in a wet area?',
  'publish.safety.intended_for_children.short': 'use by children',
  'publish.safety.bears_loads_or_people.short': 'carrying loads or people',
  'publish.safety.contains_electrics.short': 'holding electrics',
  'publish.safety.used_outdoors_in_water.short': 'wet areas',
  'publish.yes': 'Yes',
  'publish.no': 'No',
  'publish.licence.body':
    'You keep ownership of this design. To publish it you give Kitwright only a limited licence to host, process, translate, moderate, display and validate it. We never sell it or claim it as ours, and manufacturing would need separate terms you accept first.',
  'publish.licence.accept':
    'I own this design or have the right to publish it, and I accept the content licence.',
  'publish.licence.version': 'Content licence, version {version}',
  'publish.submit': 'Publish',
  'publish.afterNote':
    'Automatic checks run when you publish. If they flag something, a person reviews the listing before it appears, usually within a day.',
  'publish.kitLine': '{blocks} · {layers}',
  'publish.ownerNote': 'The listing will name you as designer and owner.',
  'publish.backToDraft': 'Back to the draft',
  'publish.alreadyPublished': 'This draft is already published as a listing.',
  'publish.notReadyTitle': 'This draft is not ready to publish',
  'publish.notReadyBody':
    'Its kit has to be built and pass the checks first. Go back to the draft to finish it.',
  'publish.fixTitle': 'A few answers are missing',
  'publish.fixBody': 'Look for the notes next to the fields, then publish again.',
  'publish.refusedTitle': 'Publishing was refused',
  'publish.refused.useCase': 'The use you chose is not allowed during the beta. {reason}',
  'publish.refused.safety':
    'Block kits cannot be published for {list}. If the design is only decorative or free-standing, change your answers.',
  'publish.refused.safetyField': 'A “yes” here stops publishing.',
  'publish.refused.safetyAnswer': 'Not allowed during the beta.',
  'publish.refused.licence': 'The content licence has changed. Read the current version and accept it again.',
  'publish.refused.gate': 'A required check was not met. Review your answers and try again.',
  'publish.error.title': 'Give a title of 3 to 120 characters.',
  'publish.error.description': 'Write a description of at least 10 characters.',
  'publish.error.tags': 'Use at most 12 tags, each up to 32 characters.',
  'publish.error.choose': 'Choose one.',
  'publish.error.safety': 'Answer every safety question.',
  'publish.error.licence': 'Tick this to publish.',
  'publish.pendingBadge': 'Waiting for review',
  'publish.pendingTitle': 'Published, waiting for a quick review',
  'publish.pendingBody':
    'Our automatic checks asked a person to look at this listing before it appears in the gallery. This usually takes less than a day; we will let you know. It stays yours meanwhile.',
} as const;
