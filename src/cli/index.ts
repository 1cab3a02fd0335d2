console.log("ralph cli: not built yet");
