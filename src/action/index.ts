console.log("ralph action: not built yet");
